import { TokenStatus, UserStatus } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { CachedToken } from '../tokens/token-cache.js';

/** The key of an `Authorization: Bearer sk-…` header: without `sk-` and any `-<channel>`. */
export function keyOfAuthorization(header: string | undefined): string {
  const value = (header ?? '').replace(/^Bearer\s+/i, '').trim();
  return value.replace(/^sk-/, '').split('-')[0] ?? '';
}

/**
 * The live key presented to a read-only key route (the key's own logs and balance), from the
 * key cache. Expired and exhausted keys may still look at their usage; disabled keys and
 * keys of banned or closed accounts may not.
 */
export async function findPresentedKey(
  ctx: AppContext,
  authorization: string | undefined,
): Promise<CachedToken> {
  const key = keyOfAuthorization(authorization);
  if (!key) throw new AppError('token_missing', undefined, 401);
  const token = await ctx.tokens.findByKey(key);
  if (!token) throw new AppError('token_invalid', undefined, 401);
  if (token.status === TokenStatus.disabled) {
    throw new AppError('token_unavailable', undefined, 401);
  }
  const owner = await ctx.users.get(token.userId);
  if (!owner || owner.status !== UserStatus.enabled) {
    throw new AppError('user_banned', undefined, 403);
  }
  return token;
}
