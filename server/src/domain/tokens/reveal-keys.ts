import type { AppContext } from '../../context.js';
import { findTokenKeys } from '../../db/queries/tokens.js';
import { limitByUser, type ActionLimit } from '../limits/action-limit.js';

/** Budget of batch reveals per user, like new-api's critical rate limit (20 per 20 minutes). */
export const revealKeysLimit: ActionLimit = {
  name: 'token-keys',
  limit: 20,
  windowSeconds: 1200,
};

/**
 * The full keys (without `sk-`) of the user's own live keys among `ids`, by id; other ids are
 * left out. Rate limited per user (`too_many_requests`).
 */
export async function revealTokenKeys(
  ctx: AppContext,
  userId: number,
  ids: readonly number[],
): Promise<Record<string, string>> {
  await limitByUser(ctx, userId, revealKeysLimit);
  const rows = await findTokenKeys(ctx.db, userId, ids);
  return Object.fromEntries(rows.map((row) => [String(row.id), row.key]));
}
