import { describe, expect, it } from 'vitest';
import { tieredPrice, type PriceTier } from './price-tiers.js';
import type { ModelPricing } from './pricing.js';

const ratio: ModelPricing = {
  kind: 'ratio',
  model: 'm',
  priceKey: 'm',
  usingGroup: 'default',
  groupRatio: 1,
  userDiscount: 1,
  modelRatio: 1,
  completionRatio: 4,
  cacheRatio: 0.1,
  cacheWriteRatio: 1.25,
  imageRatio: null,
  audioRatio: null,
  audioCompletionRatio: 1,
  fallback: false,
};

const tiers: PriceTier[] = [
  { min_prompt_tokens: 200_000, model_ratio: 2, completion_ratio: 6 },
  { min_prompt_tokens: 128_000, model_ratio: 1.5 },
  { field: 'size', equals: '1792x1024', model_price: 0.12 },
];

describe('price tiers', () => {
  it('keeps the price below every prompt tier', () => {
    expect(tieredPrice(ratio, tiers, {}, 127_999)).toEqual({ pricing: ratio, tier: null });
  });

  it('applies the highest prompt tier reached, whatever the order written', () => {
    const mid = tieredPrice(ratio, tiers, {}, 128_000);
    expect(mid.tier).toBe('prompt ≥ 128000');
    expect(mid.pricing).toMatchObject({ modelRatio: 1.5, completionRatio: 4, cacheRatio: 0.1 });
    const top = tieredPrice(ratio, tiers, {}, 200_000);
    expect(top.tier).toBe('prompt ≥ 200000');
    expect(top.pricing).toMatchObject({ modelRatio: 2, completionRatio: 6 });
  });

  it('turns a matching field into a per-call price, before prompt tiers', () => {
    const sized = tieredPrice(ratio, tiers, { size: '1792x1024' }, 500_000);
    expect(sized.tier).toBe('size = 1792x1024');
    expect(sized.pricing).toMatchObject({ kind: 'fixed', price: 0.12, groupRatio: 1 });
    expect(tieredPrice(ratio, tiers, { size: '1024x1024' }, 0).tier).toBeNull();
  });

  it('matches numbers and nested fields as text', () => {
    const nested: PriceTier[] = [{ field: 'video.seconds', equals: '8', model_price: 0.8 }];
    expect(tieredPrice(ratio, nested, { video: { seconds: 8 } }, 0).tier).toBe('video.seconds = 8');
  });
});
