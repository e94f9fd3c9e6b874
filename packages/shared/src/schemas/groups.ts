import { z } from 'zod';

/** A group a user may route keys through. */
export const groupInfo = z.object({
  /** Price multiplier of the group for this user (GroupGroupRatio override, else GroupRatio). */
  ratio: z.number(),
  /** Description from `UserUsableGroups` (the group name when it has none). */
  desc: z.string(),
});
export type GroupInfo = z.infer<typeof groupInfo>;

/** `GET /api/user/self/groups` and `/api/user/groups`: `{group: {ratio, desc}}`. */
export const usableGroupMap = z.record(z.string(), groupInfo);
export type UsableGroupMap = z.infer<typeof usableGroupMap>;

/** `GET /api/group/`: every group name, sorted. */
export const groupNames = z.array(z.string());

/** The model request rate limit that applies to a group (ModelRequestRateLimit* settings). */
export const modelRequestLimit = z.object({
  /** Whether the limit is enforced at all. */
  enabled: z.boolean(),
  /** Requests (failed ones included) per window; 0 = no limit on the total. */
  count: z.number().int(),
  /** Successful requests per window. */
  success_count: z.number().int(),
  /** Window length in minutes. */
  duration_minutes: z.number().int(),
});
export type ModelRequestLimit = z.infer<typeof modelRequestLimit>;

/** One API key with a request rate limit of its own. */
export const keyRateLimit = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Requests allowed per window. */
  count: z.number().int(),
  /** Window length in seconds. */
  window_seconds: z.number().int(),
});

/** `GET /api/user/self/limits`: what limits apply to the signed-in user (the /limits page). */
export const userLimits = z.object({
  /** The user's own group. */
  group: z.string(),
  /** Ratio of the user's own group. */
  group_ratio: z.number(),
  /** Groups the user may route keys through, with their ratios. */
  usable_groups: usableGroupMap,
  /** The user's discount multiplier: the final discount of their level (1 = none). */
  discount: z.number(),
  /** The user's own terms beside the level. */
  own: z.object({
    /** Requests in flight at once (0 = no own cap) and those in flight now. */
    concurrency_limit: z.number().int(),
    in_flight: z.number().int(),
    /** Tokens per minute over all keys (0 = no own cap) and those used this minute. */
    tpm_limit: z.number().int(),
    tpm_used: z.number().int(),
    /** The user's budget ('' = none), its quota per period and what this period used. */
    budget_period: z.string(),
    budget_quota: z.number(),
    budget_used: z.number(),
    /** Multiplied with the level's discount. */
    extra_discount: z.number(),
  }),
  /** The user's level and its limits, with what is used of them right now. */
  level: z.object({
    name: z.string(),
    priority: z.number().int(),
    description: z.string(),
    benefits: z.string(),
    /** Requests per minute over all models (0 = none) and those made this minute. */
    rate_limit: z.number().int(),
    rate_used: z.number().int(),
    models: z.array(
      z.object({
        model: z.string(),
        /** Requests per minute (0 = none) and those made this minute. */
        request_limit: z.number().int(),
        request_used: z.number().int(),
        /** Requests at once (0 = none) and those in flight now. */
        concurrency_limit: z.number().int(),
        in_flight: z.number().int(),
        /** What the user pays of this model's list price when the level or the user sets
         * one for it (their extra discount included). */
        price: z.number().nullable(),
      }),
    ),
  }),
  /** Model request rate limit for the user's group. */
  model_request_limit: modelRequestLimit,
  /** Rate limits of the user's own keys. */
  keys: z.object({
    /** Live keys held. */
    total: z.number().int(),
    /** Most keys the user may hold (MaxUserTokens). */
    max: z.number().int(),
    /** Keys with a rate limit. */
    rate_limited: z.number().int(),
    /** The rate-limited keys (at most 100, newest first). */
    items: z.array(keyRateLimit),
  }),
});
export type UserLimits = z.infer<typeof userLimits>;
