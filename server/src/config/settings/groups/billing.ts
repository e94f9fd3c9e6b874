import { z } from 'zod';
import {
  defaultAudioCompletionRatio,
  defaultAudioRatio,
  defaultCacheRatio,
  defaultCompletionRatio,
  defaultCreateCacheRatio,
  defaultGroupRatio,
  defaultImageRatio,
  defaultModelPrice,
  defaultModelRatio,
} from '../default-prices.js';
import { flag, json, number } from '../define.js';

const ratioMap = z.record(z.string(), z.number().min(0).finite());

// Each map replaces the built-in defaults as a whole once it is set (the console edits the
// full JSON); `POST /api/option/rest_model_ratio` writes the defaults back.

/** Model ratio by model: USD per 1M input tokens / 2 (ratio 1 = $2 / 1M tokens). */
export const modelRatio = json('ModelRatio', ratioMap, defaultModelRatio);
/** Output price over input price by model (absent = 1). */
export const completionRatio = json('CompletionRatio', ratioMap, defaultCompletionRatio);
/** Fixed USD price per call by model; takes precedence over the ratio. */
export const modelPrice = json('ModelPrice', ratioMap, defaultModelPrice);
const ratio = z.number().min(0).finite();
/** A price tier by prompt length: from `min_prompt_tokens` on, these ratios replace the model's. */
const promptTier = z
  .object({
    min_prompt_tokens: z.number().int().min(1).max(100_000_000),
    model_ratio: ratio.optional(),
    completion_ratio: ratio.optional(),
    cache_ratio: ratio.optional(),
  })
  .strict();
/** A per-call price when a request field (dot path) has a value, e.g. `size` = `1792x1024`. */
const fieldTier = z
  .object({
    field: z.string().trim().min(1).max(64),
    equals: z.union([z.string().max(128), z.number()]).transform(String),
    model_price: ratio,
  })
  .strict();
export type PromptTier = z.infer<typeof promptTier>;
export type FieldTier = z.infer<typeof fieldTier>;
/**
 * Tiered and conditional prices by model (the price-table name): prompt-length tiers for
 * token-priced models (the highest tier the prompt reaches applies) and per-call prices by a
 * request field (the first match applies).
 */
export const modelPriceTiers = json(
  'ModelPriceTiers',
  z.record(z.string(), z.array(z.union([promptTier, fieldTier])).max(20)),
  {},
);
/** Ratio of each using group (absent = 1). */
export const groupRatio = json('GroupRatio', ratioMap, defaultGroupRatio);
/** Per user group overrides of a using group's ratio: `{"vip": {"default": 0.8}}`. */
export const groupGroupRatio = json('GroupGroupRatio', z.record(z.string(), ratioMap), {});
/** Cached-input price over input price by model (absent = 1). */
export const cacheRatio = json('CacheRatio', ratioMap, defaultCacheRatio);
/** Cache-write (5-minute) price over input price by model (absent = 1; 1-hour writes × 1.6). */
export const createCacheRatio = json('CreateCacheRatio', ratioMap, defaultCreateCacheRatio);
/** Image-input price over text-input price by model (absent = billed as text input). */
export const imageRatio = json('ImageRatio', ratioMap, defaultImageRatio);
/** Audio-input price over text-input price by model (absent = billed as text). */
export const audioRatio = json('AudioRatio', ratioMap, defaultAudioRatio);
/** Audio-output price over audio-input price by model (absent = 1). */
export const audioCompletionRatio = json(
  'AudioCompletionRatio',
  ratioMap,
  defaultAudioCompletionRatio,
);
/** Self-use mode: an unpriced model is billed at the fallback ratio instead of refused. */
export const selfUseModeEnabled = flag('SelfUseModeEnabled', false);
/** Completion tokens reserved for a request that does not set max_tokens. */
export const preConsumedMaxTokens = number('PreConsumedMaxTokens', 1024);
/** Write an error log row when a relay request fails after its key was accepted. */
export const errorLogEnabled = flag('ErrorLogEnabled', true);
/** `/dashboard/billing/*` reports the key's own quota rather than the user's. */
export const displayTokenStatEnabled = flag('DisplayTokenStatEnabled', true);
