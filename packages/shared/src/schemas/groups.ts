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
  /** The user's discount multiplier (1 = none until user levels exist). */
  discount: z.number(),
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
