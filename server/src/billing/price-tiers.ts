import type { FieldTier, PromptTier } from '../config/settings/groups/billing.js';
import type { ModelPricing } from './pricing.js';

/**
 * Tiered and conditional prices: a model's price-length tiers (from N prompt tokens on, other
 * ratios) and per-call prices by a request field. A tiered price is the model's price with the
 * tier's numbers in it, and a label for the log and the pricing page.
 */

export type PriceTier = PromptTier | FieldTier;

/** A price with the tier that made it, if any. */
export interface TieredPricing {
  pricing: ModelPricing;
  /** E.g. `prompt ≥ 200000` or `size = 1792x1024`; null when no tier applies. */
  tier: string | null;
}

const isField = (tier: PriceTier): tier is FieldTier => 'field' in tier;

/** The value at a dot path of a JSON body, as text; undefined when absent or not a scalar. */
function fieldValue(body: unknown, path: string): string | undefined {
  let node = body;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean'
    ? String(node)
    : undefined;
}

/** A tier's readable label. */
export function tierLabel(tier: PriceTier): string {
  return isField(tier) ? `${tier.field} = ${tier.equals}` : `prompt ≥ ${tier.min_prompt_tokens}`;
}

/**
 * The price for a request: the first per-call tier whose field matches `body`, else, for a
 * token-priced model, the highest prompt tier that `promptTokens` reaches.
 */
export function tieredPrice(
  base: ModelPricing,
  tiers: readonly PriceTier[] | undefined,
  body: unknown,
  promptTokens: number,
): TieredPricing {
  if (!tiers || tiers.length === 0) return { pricing: base, tier: null };
  for (const tier of tiers) {
    if (isField(tier) && fieldValue(body, tier.field) === tier.equals) {
      const { model, priceKey, usingGroup, groupRatio, userDiscount } = base;
      return {
        pricing: {
          model,
          priceKey,
          usingGroup,
          groupRatio,
          userDiscount,
          kind: 'fixed',
          price: tier.model_price,
        },
        tier: tierLabel(tier),
      };
    }
  }
  if (base.kind !== 'ratio') return { pricing: base, tier: null };
  let reached: PromptTier | null = null;
  for (const tier of tiers) {
    if (isField(tier) || promptTokens < tier.min_prompt_tokens) continue;
    if (!reached || tier.min_prompt_tokens > reached.min_prompt_tokens) reached = tier;
  }
  if (!reached) return { pricing: base, tier: null };
  return {
    pricing: {
      ...base,
      modelRatio: reached.model_ratio ?? base.modelRatio,
      completionRatio: reached.completion_ratio ?? base.completionRatio,
      cacheRatio: reached.cache_ratio ?? base.cacheRatio,
    },
    tier: tierLabel(reached),
  };
}
