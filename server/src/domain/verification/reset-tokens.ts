import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';

/** How long a used token is remembered as used: longer than any configurable lifetime. */
const usedMemorySeconds = 24 * 3600;

const tokenKey = (email: string) => `reset:${email.trim().toLowerCase()}`;

/**
 * Issues the token of a password reset link for `email` (32 hex characters) and keeps it in
 * the shared state for `ttlSeconds`. A new token replaces the previous one.
 */
export async function issueResetToken(
  ctx: AppContext,
  email: string,
  ttlSeconds: number,
): Promise<string> {
  const token = randomBytes(16).toString('hex');
  await ctx.shared.set(tokenKey(email), token, ttlSeconds);
  return token;
}

/**
 * Checks a reset token and uses it up: true at most once per issued token, even when two
 * instances check it at the same moment.
 */
export async function consumeResetToken(
  ctx: AppContext,
  email: string,
  token: string,
): Promise<boolean> {
  const stored = await ctx.shared.get(tokenKey(email));
  if (!stored || stored.length !== token.length) return false;
  if (!timingSafeEqual(Buffer.from(stored), Buffer.from(token))) return false;
  if (!(await ctx.shared.setIfAbsent(`reset-used:${token}`, '1', usedMemorySeconds))) return false;
  await ctx.shared.del(tokenKey(email));
  return true;
}
