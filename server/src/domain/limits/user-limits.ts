import type { UserLimits } from '@gateway/shared';
import { effectiveGroupRatio } from '../../billing/pricing.js';
import { maxUserTokens } from '../../config/settings/groups/operation.js';
import type { AppContext } from '../../context.js';
import { discountFor } from '../levels/discount.js';
import type { Level } from '../levels/level-cache.js';
import type { UserOverrides } from '../users/user-cache.js';
import {
  countRateLimitedTokens,
  countTokens,
  findRateLimitedTokens,
} from '../../db/queries/tokens.js';
import { usableGroupInfo } from '../groups/group-views.js';
import { budgetTimeZone } from '../../config/settings/groups/quota.js';
import { findUserBudget } from '../../db/queries/budgets.js';
import { budgetUsedNow } from '../../lib/budget-period.js';
import { capacityKeys, counterValue } from './capacity.js';
import { modelRequestLimitFor } from './model-request-rate-limit.js';

/** The user's level limits and what is used of them this minute (or in flight now). */
async function levelUse(
  ctx: AppContext,
  userId: number,
  level: Level,
  overrides: UserOverrides,
): Promise<UserLimits['level']> {
  const count = async (key: string) => Number((await ctx.shared.get(key)) ?? 0);
  const names = new Set([
    ...Object.keys(level.modelRequestLimits),
    ...Object.keys(level.modelConcurrencyLimits),
    ...Object.keys(level.modelPrices),
    ...Object.keys(overrides.modelDiscounts),
  ]);
  const models = await Promise.all(
    [...names].sort().map(async (model) => ({
      model,
      request_limit: level.modelRequestLimits[model] ?? 0,
      request_used: await count(`level-rpm:${userId}:${model}`),
      concurrency_limit: level.modelConcurrencyLimits[model] ?? 0,
      in_flight: await count(`level-inflight:${userId}:${model}`),
      price:
        model in overrides.modelDiscounts || model in level.modelPrices
          ? discountFor(level, overrides, model)
          : null,
    })),
  );
  return {
    name: level.name,
    priority: level.priority,
    description: level.description,
    benefits: level.benefits,
    rate_limit: level.rateLimit,
    rate_used: await count(`level-rpm:${userId}`),
    models,
  };
}

/** Most rate-limited keys listed on the limits page. */
const listedKeys = 100;

/**
 * The limits that apply to a user: group and ratio, usable groups, discount (the level's
 * times the user's own), their own cap, the level's limits, the model request rate limit of
 * the group and the keys' own rate limits.
 */
export async function userLimits(
  ctx: AppContext,
  user: { id: number; group: string; level: string; overrides: UserOverrides },
): Promise<UserLimits> {
  const level = ctx.levels.get(user.level);
  const [total, rateLimited, limitedKeys, budget] = await Promise.all([
    countTokens(ctx.db, user.id),
    countRateLimitedTokens(ctx.db, user.id),
    findRateLimitedTokens(ctx.db, user.id, listedKeys),
    findUserBudget(ctx.db, user.id),
  ]);
  return {
    group: user.group,
    group_ratio: effectiveGroupRatio(ctx.settings, user.group, user.group),
    usable_groups: usableGroupInfo(ctx, user),
    discount: Number((level.finalDiscount * user.overrides.extraDiscount).toFixed(6)),
    own: {
      concurrency_limit: user.overrides.concurrencyLimit,
      in_flight: Number((await ctx.shared.get(`user-inflight:${user.id}`)) ?? 0),
      tpm_limit: user.overrides.tpmLimit,
      tpm_used: await counterValue(ctx, capacityKeys.userTokens(user.id)),
      budget_period: budget?.budget_period ?? '',
      budget_quota: Number(budget?.budget_quota ?? 0),
      budget_used: budget ? budgetUsedNow(budget, ctx.settings.get(budgetTimeZone)) : 0,
      extra_discount: user.overrides.extraDiscount,
    },
    level: await levelUse(ctx, user.id, level, user.overrides),
    model_request_limit: modelRequestLimitFor(ctx.settings, user.group),
    keys: {
      total,
      max: ctx.settings.get(maxUserTokens),
      rate_limited: rateLimited,
      items: limitedKeys.map((key) => ({
        id: key.id,
        name: key.name,
        count: key.rate_limit_count,
        window_seconds: key.rate_limit_window_seconds,
      })),
    },
  };
}
