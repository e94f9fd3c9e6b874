import { mjSetting, type MjSetting, type TokenItem } from '@gateway/shared';
import { budgetUsedNow } from '../../lib/budget-period.js';
import type { TokenRow } from '../../db/queries/tokens.js';
import { randomAlphanumeric } from '../../lib/random.js';

/** Length of a generated key, without the `sk-` prefix. */
export const tokenKeyLength = 48;

/** A new key: 48 characters of [0-9a-zA-Z] from the crypto RNG, stored without `sk-`. */
export const generateTokenKey = (): string => randomAlphanumeric(tokenKeyLength);

/** How lists show a key: first 4 and last 4 characters around `**********`. */
export function maskTokenKey(key: string): string {
  if (key.length <= 8) return '*'.repeat(key.length);
  return `${key.slice(0, 4)}**********${key.slice(-4)}`;
}

/** The stored Midjourney settings, or the defaults when unreadable. */
export function parseMjSetting(raw: string): MjSetting {
  try {
    return mjSetting.parse(JSON.parse(raw));
  } catch {
    return mjSetting.parse({});
  }
}

/** A stored key as the console sees it: masked, booleans as booleans. */
export function toTokenItem(row: TokenRow, timeZone = 'UTC'): TokenItem {
  return {
    id: row.id,
    user_id: row.user_id,
    key: maskTokenKey(row.key),
    name: row.name,
    status: row.status,
    created_time: row.created_time,
    accessed_time: row.accessed_time,
    expired_time: row.expired_time,
    remain_quota: row.remain_quota,
    used_quota: row.used_quota,
    unlimited_quota: row.unlimited_quota === 1,
    group: row.group,
    allow_ips: row.allow_ips,
    deny_ips: row.deny_ips,
    model_limits_enabled: row.model_limits_enabled === 1,
    model_limits: row.model_limits,
    rate_limit_count: row.rate_limit_count,
    rate_limit_window_seconds: row.rate_limit_window_seconds,
    rate_limit_message: row.rate_limit_message,
    mj_setting: parseMjSetting(row.mj_setting),
    max_parallel: row.max_parallel,
    fallback_groups: row.fallback_groups,
    tpm_limit: row.tpm_limit,
    budget_period: row.budget_period,
    budget_quota: Number(row.budget_quota),
    budget_used: budgetUsedNow(row, timeZone),
  };
}
