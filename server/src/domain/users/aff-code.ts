import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors.js';
import { randomAlphanumeric } from '../../lib/random.js';
import { claimAffCode, findUserFields } from '../../db/queries/users.js';

/** Tries before giving up; the code grows by one character every two collisions. */
const attempts = 8;

const storedCode = async (ctx: AppContext, userId: number) =>
  (await findUserFields(ctx.db, userId, ['aff_code']))?.aff_code || null;

/**
 * The user's own invitation code, made on first use: 4 random characters (more after
 * collisions), unique by the column's constraint. Concurrent first calls agree on one code.
 * `makeCode` draws a code of a given length (tests pass a predictable one).
 */
export async function ensureAffCode(
  ctx: AppContext,
  userId: number,
  makeCode: (length: number) => string = randomAlphanumeric,
): Promise<string> {
  const existing = await storedCode(ctx, userId);
  if (existing) return existing;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const code = makeCode(4 + Math.floor(attempt / 2));
    try {
      // Only an account without a code gets one, so a concurrent call's code is kept.
      await claimAffCode(ctx.db, userId, code);
    } catch (error) {
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    const stored = await storedCode(ctx, userId);
    if (stored) return stored;
  }
  throw new AppError('aff_code_unavailable');
}
