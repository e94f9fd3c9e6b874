import { z } from 'zod';

/** One model on the pricing page (`GET /api/pricing`). */
export const pricingItem = z.object({
  model_name: z.string(),
  /** 0 = billed by tokens at the ratios, 1 = a fixed price per call. */
  quota_type: z.union([z.literal(0), z.literal(1)]),
  /** USD per 1M input tokens / 2; 0 for fixed-price models. */
  model_ratio: z.number(),
  /** USD per call; 0 for token-priced models. */
  model_price: z.number(),
  /** Output over input price. */
  completion_ratio: z.number(),
  /** Cached-input over input price, when the model has one. */
  cache_ratio: z.number().optional(),
  /** Cache-write over input price, when the model has one. */
  create_cache_ratio: z.number().optional(),
  /** Image-input over text-input price, when priced separately. */
  image_ratio: z.number().optional(),
  /** Audio-input over text-input price, when priced separately. */
  audio_ratio: z.number().optional(),
  /** Audio-output over audio-input price, when audio is priced separately. */
  audio_completion_ratio: z.number().optional(),
  /** Groups in which the model has an enabled channel (and the caller may use). */
  enable_groups: z.array(z.string()),
  /** Client formats the model's channels speak natively (all are converted as well). */
  supported_endpoint_types: z.array(z.string()),
  owner_by: z.string(),
  /**
   * Tiered and conditional prices, when the model has them: from `min_prompt_tokens` on other
   * ratios, or a per-call price when a request field has a value.
   */
  price_tiers: z
    .array(
      z.object({
        label: z.string(),
        min_prompt_tokens: z.number().optional(),
        model_ratio: z.number().optional(),
        completion_ratio: z.number().optional(),
        cache_ratio: z.number().optional(),
        field: z.string().optional(),
        equals: z.string().optional(),
        model_price: z.number().optional(),
      }),
    )
    .optional(),
});
export type PricingItem = z.infer<typeof pricingItem>;

/** `GET /api/pricing`: `data` plus the group ratios and the groups the caller may use. */
export const pricingResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.array(pricingItem),
  /** Ratio of each usable group, with the caller's per-user-group overrides applied. */
  group_ratio: z.record(z.string(), z.number()),
  /** Groups the caller may choose, with their descriptions. */
  usable_group: z.record(z.string(), z.string()),
  vendors: z.array(z.unknown()),
  supported_endpoint: z.record(z.string(), z.unknown()),
  auto_groups: z.array(z.string()),
  /** Changes whenever a price setting changes (clients may cache by it). */
  pricing_version: z.string(),
});
export type PricingResponse = z.infer<typeof pricingResponse>;
