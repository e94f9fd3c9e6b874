import type { TokenItem, UpdateTokenRequest } from '@gateway/shared';
import { budgetTimeZone } from '../../config/settings/groups/quota.js';
import type { Updateable } from 'kysely';
import { setBalance } from '../../billing/ledger/index.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import {
  findToken,
  findTokenBalance,
  updateToken,
  type TokenRow,
} from '../../db/queries/tokens.js';
import type { TokensTable } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { nextTokenStatus } from './token-status.js';
import { toTokenItem } from './token-views.js';
import { validateTokenFields } from './validate-token.js';

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/** The columns an edit sets; omitted fields keep their value (the quota moves by the ledger). */
function changedColumns(input: UpdateTokenRequest): Updateable<TokensTable> {
  return {
    name: input.name,
    unlimited_quota: flag(input.unlimited_quota),
    expired_time: input.expired_time,
    group: input.group,
    allow_ips: input.allow_ips,
    deny_ips: input.deny_ips,
    model_limits_enabled: flag(input.model_limits_enabled),
    model_limits: input.model_limits,
    rate_limit_count: input.rate_limit_count,
    rate_limit_window_seconds: input.rate_limit_window_seconds,
    rate_limit_message: input.rate_limit_message,
    mj_setting: input.mj_setting === undefined ? undefined : JSON.stringify(input.mj_setting),
    max_parallel: input.max_parallel,
    fallback_groups: input.fallback_groups,
    tpm_limit: input.tpm_limit,
    budget_period: input.budget_period,
    budget_quota: input.budget_quota,
  };
}

/**
 * Edits one of the user's keys (`statusOnly`: only its state). An expired or exhausted key is
 * enabled only when asked for state 1 with a valid expiry and quota (`token_cannot_enable`).
 */
export async function updateUserToken(
  ctx: AppContext,
  user: { id: number; group: string; level: string },
  input: UpdateTokenRequest,
  statusOnly: boolean,
): Promise<TokenItem> {
  const stored: TokenRow | undefined = await findToken(ctx.db, user.id, input.id);
  if (!stored) throw new AppError('token_not_found');
  const columns = statusOnly ? {} : changedColumns(input);
  // An unchanged group stays valid even if it is no longer offered to the user.
  const group = input.group === stored.group ? undefined : input.group;
  if (!statusOnly) validateTokenFields(ctx, user, { ...input, group });
  const expiredTime = columns.expired_time ?? stored.expired_time;
  const status = nextTokenStatus(
    {
      storedStatus: stored.status,
      requestedStatus: input.status,
      expiredTime: Number(expiredTime),
      expiryChanged: expiredTime !== stored.expired_time,
      remainQuota: input.remain_quota ?? Number(stored.remain_quota),
      unlimited: (columns.unlimited_quota ?? stored.unlimited_quota) === 1,
    },
    nowSeconds(),
  );
  await ctx.db.transaction().execute(async (trx) => {
    if (!statusOnly) await setKeyQuota(trx, user.id, stored, input);
    await updateToken(trx, user.id, input.id, { ...columns, status });
  });
  await ctx.tokens.invalidate([input.id]);
  const updated = await findToken(ctx.db, user.id, input.id);
  if (!updated) throw new AppError('token_not_found');
  return toTokenItem(updated, ctx.settings.get(budgetTimeZone));
}

/**
 * The quota part of an edit, compare-and-set through the ledger: `remain_quota` is set only
 * while the key's quota is still `original_remain_quota`, the value the editor read. Without
 * it the edit may only repeat the current value (`quota_changed` says what it is now).
 */
async function setKeyQuota(
  db: Db,
  ownerId: number,
  stored: TokenRow,
  input: UpdateTokenRequest,
): Promise<void> {
  if (input.remain_quota === undefined) return;
  const current = Number(stored.remain_quota);
  if (input.original_remain_quota === undefined) {
    if (input.remain_quota !== current) throw new AppError('quota_changed', { current });
    return;
  }
  const posting = { account: 'token', accountId: stored.id, reason: 'key_set' } as const;
  const seen = input.original_remain_quota;
  if (!(await setBalance(db, { ...posting, operatorId: ownerId }, input.remain_quota, seen))) {
    const now = await findTokenBalance(db, ownerId, stored.id);
    throw new AppError('quota_changed', { current: Number(now?.remain_quota ?? current) });
  }
}
