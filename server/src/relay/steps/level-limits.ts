import { AppError } from '../../errors.js';
import type { RelayContext } from '../relay-context.js';
import { gateOf } from './gate.js';

/** A slot left taken by a lost process frees itself after this long. */
const slotTtlSeconds = 600;

/**
 * The caller's level limits and own cap, counted for the user on every instance (through
 * Redis when several run), added to the request's gate: requests per minute over all models,
 * requests per minute to this model, the user's requests in flight, and requests to this model
 * in flight. Taken slots are given back by `leaveSlots`.
 */
export function checkLevelLimits(rc: RelayContext): void {
  const level = rc.ctx.levels.get(rc.caller.level);
  const { model } = rc.request;
  const { userId } = rc.caller;
  if (level.rateLimit > 0) {
    const limit = level.rateLimit;
    gateOf(rc).add(
      { kind: 'hit', key: `level-rpm:${userId}`, limit, seconds: 60 },
      () => new AppError('level_rate_limited', { limit }, 429),
    );
  }
  const perModel = level.modelRequestLimits[model];
  if (perModel) {
    gateOf(rc).add(
      { kind: 'hit', key: `level-rpm:${userId}:${model}`, limit: perModel, seconds: 60 },
      () => new AppError('level_model_rate_limited', { limit: perModel, model }, 429),
    );
  }
  const own = rc.caller.overrides.concurrencyLimit;
  if (own > 0) {
    gateOf(rc).add(
      { kind: 'enter', key: `user-inflight:${userId}`, limit: own, seconds: slotTtlSeconds },
      () => new AppError('user_concurrency_limited', { limit: own }, 429),
    );
  }
  const parallel = level.modelConcurrencyLimits[model];
  if (parallel) {
    const key = `level-inflight:${userId}:${model}`;
    gateOf(rc).add(
      { kind: 'enter', key, limit: parallel, seconds: slotTtlSeconds },
      () => new AppError('level_model_concurrency', { limit: parallel, model }, 429),
    );
  }
}

/** Gives back the in-flight slots this request took. */
export function leaveSlots(rc: RelayContext): void {
  for (const key of rc.heldSlots.splice(0)) rc.ctx.shared.leave(key).catch(() => undefined);
}
