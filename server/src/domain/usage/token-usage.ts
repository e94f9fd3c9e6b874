import type { TokenUsage } from '@gateway/shared';
import type { TokenRow } from '../../db/queries/tokens.js';

/** A key's balance in the OpenAI-style `token_usage` shape of `GET /api/usage/token/`. */
export function toTokenUsage(token: TokenRow): TokenUsage {
  const models = token.model_limits
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  return {
    object: 'token_usage',
    name: token.name,
    total_granted: Number(token.remain_quota) + Number(token.used_quota),
    total_used: Number(token.used_quota),
    total_available: Number(token.remain_quota),
    unlimited_quota: token.unlimited_quota === 1,
    model_limits: Object.fromEntries(models.map((m) => [m, true])),
    model_limits_enabled: token.model_limits_enabled === 1,
    expires_at: token.expired_time === -1 ? 0 : Number(token.expired_time),
  };
}
