import { z } from 'zod';

/** The level every user starts from; it cannot be added, deleted or renamed. */
export const defaultLevelName = 'default';
/** A name refused for a new or renamed level. */
export const reservedLevelName = 'Tier 1';

const multiplier = z.number().min(0, 'level_parse_failed').max(10, 'level_parse_failed');
const modelMap = <T extends z.ZodType>(value: T) =>
  z.record(z.string().trim().min(1).max(128), value, { error: 'level_parse_failed' });

/** A user level as root edits it. */
export const levelFields = z.object({
  name: z.string().trim().min(1, 'level_name_required').max(64, 'level_name_required'),
  description: z.string().trim().max(500).default(''),
  /** Sort number: higher is a better level (and upgrades go up). */
  priority: z
    .number({ error: 'level_priority_invalid' })
    .int('level_priority_invalid')
    .min(0, 'level_priority_invalid')
    .max(1000, 'level_priority_invalid'),
  /** Discount on the group price (1 = none, 0.9 = 10 % off). */
  group_discount: multiplier.default(1),
  /** A further discount of the level, multiplied with the group discount. */
  extra_discount: multiplier.default(1),
  /** Groups the level's users may route keys through; empty = the `UserUsableGroups` setting. */
  groups: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
  /** Requests per minute per model for each user of the level. */
  model_request_limits: modelMap(z.number().int().min(1).max(1_000_000)).default({}),
  /** Requests in flight at once per model for each user of the level. */
  model_concurrency_limits: modelMap(z.number().int().min(1).max(100_000)).default({}),
  /** Requests per minute over all models for each user; 0 = none. */
  rate_limit: z.number().int().min(0).max(1_000_000).default(0),
  /** Per model, a multiplier that replaces the level's final discount. */
  model_prices: modelMap(multiplier).default({}),
  /** Exclusive benefits shown to users, one per line. */
  benefits: z.string().trim().max(2000).default(''),
  /** Upgrade automatically when every requirement below is met (and the user has topped up). */
  auto_upgrade: z.boolean().default(false),
  /** Days since registration. */
  required_days: z.number().int().min(0).max(36500).default(0),
  /** One top-up of at least this many USD. */
  required_amount: z.number().min(0).max(1_000_000).default(0),
  /** Accumulated top-up, in quota. */
  required_topup_quota: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  /** Accumulated consumption, in quota. */
  required_used_quota: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});

/** `POST /api/level/` and `PUT /api/level/` (with `id`). */
export const saveLevelRequest = levelFields.extend({ id: z.number().int().positive().optional() });
export type SaveLevelRequest = z.input<typeof saveLevelRequest>;
/** A level edit once validated (defaults filled). */
export type LevelEdit = z.output<typeof saveLevelRequest>;

export const levelItem = levelFields.extend({
  id: z.number().int(),
  /** Group discount × extra discount: what the level's users pay of the list price. */
  final_discount: z.number(),
  /** Users on this level. */
  users: z.number().int(),
  created_at: z.number().int(),
});
export type LevelItem = z.output<typeof levelItem>;

/** Tier colours by position (1 lime, 2 blue, 3 violet, 4 purple, 5 red; then red). */
export const levelTierColors = ['lime', 'blue', '#7c4dff', 'purple', 'red'] as const;
