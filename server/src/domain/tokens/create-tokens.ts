import { TokenStatus, type CreateTokenRequest, type TokenItem } from '@gateway/shared';
import { budgetTimeZone } from '../../config/settings/groups/quota.js';
import type { Insertable } from 'kysely';
import { post } from '../../billing/ledger/index.js';
import { maxUserTokens } from '../../config/settings/groups/operation.js';
import type { AppContext } from '../../context.js';
import { countTokens, findToken, insertTokens } from '../../db/queries/tokens.js';
import type { TokensTable } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { isExpired } from './token-status.js';
import { generateTokenKey, toTokenItem } from './token-views.js';
import { validateTokenFields } from './validate-token.js';

/** Names of a batch: `name-1`, `name-2` ... kept within 50 characters. */
function batchNames(name: string, count: number): string[] {
  if (count === 1) return [name];
  return Array.from({ length: count }, (_, i) => {
    const suffix = `-${i + 1}`;
    return name ? name.slice(0, 50 - suffix.length) + suffix : String(i + 1);
  });
}

/**
 * Creates `count` keys for a user (one unless asked), within the `MaxUserTokens` cap, each
 * given its quota through the ledger, and returns them masked.
 */
export async function createTokens(
  ctx: AppContext,
  user: { id: number; group: string; level: string },
  input: CreateTokenRequest,
): Promise<TokenItem[]> {
  const now = nowSeconds();
  const count = input.count ?? 1;
  const expiredTime = input.expired_time ?? -1;
  if (isExpired(expiredTime, now)) throw new AppError('token_expiry_in_past');
  validateTokenFields(ctx, user, input);
  const held = await countTokens(ctx.db, user.id);
  if (held + count > ctx.settings.get(maxUserTokens)) throw new AppError('token_limit_reached');

  const rows: Array<Insertable<TokensTable>> = batchNames(input.name ?? '', count).map((name) => ({
    user_id: user.id,
    key: generateTokenKey(),
    name,
    status: TokenStatus.enabled,
    created_time: now,
    accessed_time: now,
    expired_time: expiredTime,
    unlimited_quota: input.unlimited_quota ? 1 : 0,
    model_limits_enabled: input.model_limits_enabled ? 1 : 0,
    model_limits: input.model_limits ?? '',
    allow_ips: input.allow_ips ?? '',
    deny_ips: input.deny_ips ?? '',
    group: input.group ?? '',
    rate_limit_count: input.rate_limit_count ?? 0,
    rate_limit_window_seconds: input.rate_limit_window_seconds ?? 60,
    rate_limit_message: input.rate_limit_message ?? '',
    mj_setting: JSON.stringify(input.mj_setting ?? {}),
    max_parallel: input.max_parallel ?? 0,
    fallback_groups: input.fallback_groups ?? '',
    tpm_limit: input.tpm_limit ?? 0,
    budget_period: input.budget_period ?? '',
    budget_quota: input.budget_quota ?? 0,
  }));
  const quota = input.remain_quota ?? 0;
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await insertTokens(trx, rows);
    for (const accountId of inserted) {
      await post(trx, {
        account: 'token',
        accountId,
        delta: quota,
        reason: 'key_open',
        operatorId: user.id,
      });
    }
    return inserted;
  });
  await ctx.tokens.invalidate(ids);
  const created = await Promise.all(ids.map((id) => findToken(ctx.db, user.id, id)));
  return created
    .filter((row) => row !== undefined)
    .map((row) => toTokenItem(row, ctx.settings.get(budgetTimeZone)));
}
