import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { tooManyRequests } from '../../errors.js';

/** A per-IP budget: at most `limit` requests per `windowSeconds` for one named action. */
export interface IpRateLimit {
  /** Names the counter, e.g. `login`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts this request against the caller IP's budget (shared by every instance through
 * `ctx.shared`) and answers HTTP 429 `too_many_requests` once it is spent.
 */
export async function limitByIp(
  ctx: AppContext,
  req: FastifyRequest,
  rule: IpRateLimit,
): Promise<void> {
  const count = await ctx.shared.hit(`rate:${rule.name}:${req.ip}`, rule.windowSeconds);
  if (count > rule.limit) throw tooManyRequests();
}

/** A per-user budget: at most `limit` actions per `windowSeconds` for one named action. */
export type UserRateLimit = IpRateLimit;

/**
 * Counts an action against the user's budget (shared by every instance) and answers HTTP 429
 * `too_many_requests` once it is spent.
 */
export async function limitByUser(
  ctx: AppContext,
  userId: number,
  rule: UserRateLimit,
): Promise<void> {
  const count = await ctx.shared.hit(`rate:${rule.name}:user:${userId}`, rule.windowSeconds);
  if (count > rule.limit) throw tooManyRequests();
}
