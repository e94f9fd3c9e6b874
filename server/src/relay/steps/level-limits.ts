import { AppError } from '../../errors.js';
import type { Level } from '../../domain/levels/level-cache.js';
import type { RelayContext } from '../relay-context.js';

/** A slot left taken by a lost process frees itself after this long. */
const slotTtlSeconds = 600;

/**
 * The caller's level limits and own cap, counted for the user on every instance (through
 * Redis when several run): requests per minute over all models, requests per minute to this
 * model, the user's requests in flight, and requests to this model in flight. Taken slots are
 * given back by `leaveSlots`.
 */
export function checkLevelLimits(rc: RelayContext): Promise<void> | undefined {
  const level = rc.ctx.levels.get(rc.caller.level);
  const { model } = rc.request;
  // Most callers have no limits at all: answer without a promise (no microtask on the path).
  const limited =
    level.rateLimit > 0 ||
    level.modelRequestLimits[model] !== undefined ||
    level.modelConcurrencyLimits[model] !== undefined ||
    rc.caller.overrides.concurrencyLimit > 0;
  return limited ? countAndHold(rc, level) : undefined;
}

async function countAndHold(rc: RelayContext, level: Level): Promise<void> {
  const { model } = rc.request;
  const { userId } = rc.caller;
  const shared = rc.ctx.shared;
  if (level.rateLimit > 0) {
    const count = await shared.hit(`level-rpm:${userId}`, 60);
    if (count > level.rateLimit) {
      throw new AppError('level_rate_limited', { limit: level.rateLimit }, 429);
    }
  }
  const perModel = level.modelRequestLimits[model];
  if (perModel) {
    const count = await shared.hit(`level-rpm:${userId}:${model}`, 60);
    if (count > perModel) {
      throw new AppError('level_model_rate_limited', { limit: perModel, model }, 429);
    }
  }
  const own = rc.caller.overrides.concurrencyLimit;
  if (own > 0) {
    const key = `user-inflight:${userId}`;
    if (!(await shared.enter(key, own, slotTtlSeconds))) {
      throw new AppError('user_concurrency_limited', { limit: own }, 429);
    }
    rc.heldSlots.push(key);
  }
  const parallel = level.modelConcurrencyLimits[model];
  if (parallel) {
    const key = `level-inflight:${userId}:${model}`;
    if (!(await shared.enter(key, parallel, slotTtlSeconds))) {
      throw new AppError('level_model_concurrency', { limit: parallel, model }, 429);
    }
    rc.heldSlots.push(key);
  }
}

/** Gives back the in-flight slots this request took. */
export function leaveSlots(rc: RelayContext): void {
  for (const key of rc.heldSlots.splice(0)) rc.ctx.shared.leave(key).catch(() => undefined);
}
