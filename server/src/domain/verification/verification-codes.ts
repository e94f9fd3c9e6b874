import type { AppContext } from '../../context.js';
import { randomId } from '../../lib/random.js';
import { randomInt } from 'node:crypto';

/** What a code proves ownership of an e-mail address for. */
export type VerificationPurpose = 'register' | 'bind_email' | 'reset_password';

/** How long an issued code stays valid unless the caller says otherwise. */
export const defaultCodeTtlSeconds = 10 * 60;

/** Wrong guesses after which a code is thrown away. */
const maxFailures = 5;

const codeKey = (purpose: VerificationPurpose, email: string) =>
  `vcode:${purpose}:${email.trim().toLowerCase()}`;

/**
 * Issues a 6-digit code for `email` and keeps it in the shared state (so any instance can
 * check it). A new code replaces the previous one. The caller sends it.
 */
export async function issueCode(
  ctx: AppContext,
  purpose: VerificationPurpose,
  email: string,
  ttlSeconds = defaultCodeTtlSeconds,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const key = codeKey(purpose, email);
  await ctx.shared.set(key, `${randomId(9)}:${code}`, ttlSeconds);
  await ctx.shared.del(`${key}:failures`);
  return code;
}

/**
 * Checks a code and uses it up: true at most once per issued code, even when two
 * instances check it at the same moment. Too many wrong guesses discard the code.
 */
export async function consumeCode(
  ctx: AppContext,
  purpose: VerificationPurpose,
  email: string,
  code: string,
): Promise<boolean> {
  const key = codeKey(purpose, email);
  const stored = await ctx.shared.get(key);
  if (!stored) return false;
  const [nonce, expected] = stored.split(':');
  if (code.trim() !== expected) {
    if ((await ctx.shared.hit(`${key}:failures`, defaultCodeTtlSeconds)) >= maxFailures) {
      await ctx.shared.del(key);
    }
    return false;
  }
  // The nonce makes this issue of the code claimable once, whoever reads it first.
  if (!(await ctx.shared.setIfAbsent(`vcode-used:${nonce}`, '1', defaultCodeTtlSeconds))) {
    return false;
  }
  await ctx.shared.del(key);
  return true;
}
