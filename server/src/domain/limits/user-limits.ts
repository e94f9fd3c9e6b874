import type { UserLimits } from '@gateway/shared';
import { effectiveGroupRatio } from '../../billing/pricing.js';
import { maxUserTokens } from '../../config/settings/groups/operation.js';
import type { AppContext } from '../../context.js';
import {
  countRateLimitedTokens,
  countTokens,
  findRateLimitedTokens,
} from '../../db/queries/tokens.js';
import { usableGroupInfo } from '../groups/group-views.js';
import { modelRequestLimitFor } from './model-request-rate-limit.js';

/** Most rate-limited keys listed on the limits page. */
const listedKeys = 100;

/**
 * The limits that apply to a user: group and ratio, usable groups, discount (1 until user
 * levels exist), the model request rate limit of the group and the keys' own rate limits.
 */
export async function userLimits(
  ctx: AppContext,
  user: { id: number; group: string },
): Promise<UserLimits> {
  const [total, rateLimited, limitedKeys] = await Promise.all([
    countTokens(ctx.db, user.id),
    countRateLimitedTokens(ctx.db, user.id),
    findRateLimitedTokens(ctx.db, user.id, listedKeys),
  ]);
  return {
    group: user.group,
    group_ratio: effectiveGroupRatio(ctx.settings, user.group, user.group),
    usable_groups: usableGroupInfo(ctx, user),
    discount: 1,
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
