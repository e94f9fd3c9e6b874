import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { ActionLimit } from '../../domain/limits/action-limit.js';
import { tooManyRequests } from '../../errors.js';

/**
 * Counts this request against the caller IP's budget (shared by every instance through
 * `ctx.shared`) and answers HTTP 429 `too_many_requests` once it is spent.
 */
export async function limitByIp(
  ctx: AppContext,
  req: FastifyRequest,
  rule: ActionLimit,
): Promise<void> {
  const count = await ctx.shared.hit(`rate:${rule.name}:${req.ip}`, rule.windowSeconds);
  if (count > rule.limit) throw tooManyRequests();
}
