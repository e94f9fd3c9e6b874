import type { ModelRequestLimit } from '@gateway/shared';
import {
  modelRequestRateLimitCount,
  modelRequestRateLimitDurationMinutes,
  modelRequestRateLimitEnabled,
  modelRequestRateLimitGroup,
  modelRequestRateLimitSuccessCount,
} from '../../config/settings/groups/operation.js';
import type { Settings } from '../../config/settings/store.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';

/** Records that a relay request admitted by `checkModelRequestRateLimit` succeeded. */
export type RecordModelRequestSuccess = () => Promise<void>;

/** The model request rate limit of a group: the settings, with the group's own counts if set. */
export function modelRequestLimitFor(settings: Settings, group: string): ModelRequestLimit {
  const override = settings.get(modelRequestRateLimitGroup)[group];
  return {
    enabled: settings.get(modelRequestRateLimitEnabled),
    count: override?.[0] ?? settings.get(modelRequestRateLimitCount),
    success_count: override?.[1] ?? settings.get(modelRequestRateLimitSuccessCount),
    duration_minutes: settings.get(modelRequestRateLimitDurationMinutes),
  };
}

const totalKey = (userId: number) => `model-rate:total:${userId}`;
const successKey = (userId: number) => `model-rate:success:${userId}`;

/**
 * Admits one relay request of `userId` routed in `group` under the model request rate limit
 * (ModelRequestRateLimit* settings, counted per user in fixed windows shared by every
 * instance). Throws HTTP 429 `model_request_limited` when the user's successful requests of
 * this window have reached the limit, or `model_request_total_limited` when all requests
 * (failed ones included) have. Call the returned function once the request has succeeded.
 */
export async function checkModelRequestRateLimit(
  ctx: AppContext,
  userId: number,
  group: string,
): Promise<RecordModelRequestSuccess> {
  const limit = modelRequestLimitFor(ctx.settings, group);
  if (!limit.enabled) return async () => undefined;
  const windowSeconds = limit.duration_minutes * 60;
  const minutes = limit.duration_minutes;
  const succeeded = Number((await ctx.shared.get(successKey(userId))) ?? 0);
  if (succeeded >= limit.success_count) {
    throw new AppError('model_request_limited', { count: limit.success_count, minutes }, 429);
  }
  if (limit.count > 0 && (await ctx.shared.hit(totalKey(userId), windowSeconds)) > limit.count) {
    throw new AppError('model_request_total_limited', { count: limit.count, minutes }, 429);
  }
  return async () => {
    await ctx.shared.hit(successKey(userId), windowSeconds);
  };
}
