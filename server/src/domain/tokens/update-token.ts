import type { TokenItem, UpdateTokenRequest } from '@gateway/shared';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import { findToken, updateToken, type TokenRow } from '../../db/queries/tokens.js';
import type { TokensTable } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { nextTokenStatus } from './token-status.js';
import { toTokenItem } from './token-views.js';
import { validateTokenFields } from './validate-token.js';

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/** The columns an edit sets; omitted fields keep their value. */
function changedColumns(input: UpdateTokenRequest): Updateable<TokensTable> {
  return {
    name: input.name,
    remain_quota: input.remain_quota,
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
  };
}

/**
 * Edits one of the user's keys (`statusOnly`: only its state). An expired or exhausted key is
 * enabled only when asked for state 1 with a valid expiry and quota (`token_cannot_enable`).
 */
export async function updateUserToken(
  ctx: AppContext,
  user: { id: number; group: string },
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
      remainQuota: Number(columns.remain_quota ?? stored.remain_quota),
      unlimited: (columns.unlimited_quota ?? stored.unlimited_quota) === 1,
    },
    nowSeconds(),
  );
  await updateToken(ctx.db, user.id, input.id, { ...columns, status });
  await ctx.tokens.invalidate([input.id]);
  const updated = await findToken(ctx.db, user.id, input.id);
  if (!updated) throw new AppError('token_not_found');
  return toTokenItem(updated);
}
