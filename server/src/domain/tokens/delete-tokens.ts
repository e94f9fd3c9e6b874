import type { AppContext } from '../../context.js';
import { softDeleteTokens } from '../../db/queries/tokens.js';
import { nowSeconds } from '../../lib/time.js';

/** Soft-deletes the user's keys among `ids`; returns how many were deleted. */
export async function deleteUserTokens(
  ctx: AppContext,
  userId: number,
  ids: number[],
): Promise<number> {
  const deleted = await softDeleteTokens(ctx.db, userId, ids, nowSeconds());
  await ctx.tokens.invalidate(deleted);
  return deleted.length;
}
