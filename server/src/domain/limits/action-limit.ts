import type { AppContext } from '../../context.js';
import { tooManyRequests } from '../../errors.js';

/** A budget for one named action: at most `limit` times per `windowSeconds`. */
export interface ActionLimit {
  /** Names the counter, e.g. `login`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts an action against the user's budget (shared by every instance) and answers HTTP 429
 * `too_many_requests` once it is spent.
 */
export async function limitByUser(
  ctx: AppContext,
  userId: number,
  rule: ActionLimit,
): Promise<void> {
  const count = await ctx.shared.hit(`rate:${rule.name}:user:${userId}`, rule.windowSeconds);
  if (count > rule.limit) throw tooManyRequests();
}
