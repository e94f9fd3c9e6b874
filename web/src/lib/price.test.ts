import type { PricingItem } from '@gateway/shared';
import { describe, expect, it } from 'vitest';
import { filterModels, formatPrice, formatUsd, modelPrices } from './price';
import { groupColor } from './group-colors';

const item = (over: Partial<PricingItem>): PricingItem => ({
  model_name: 'gpt-4o',
  quota_type: 0,
  model_ratio: 1.25,
  model_price: 0,
  completion_ratio: 4,
  enable_groups: ['default'],
  supported_endpoint_types: ['openai'],
  owner_by: '',
  ...over,
});

describe('modelPrices', () => {
  it('prices input at twice the ratio per 1M tokens and completion by its ratio', () => {
    const p = modelPrices(item({}), 1, 1);
    expect(p.input).toBe(2.5);
    expect(p.completion).toBe(10);
  });

  it('multiplies by the group and the user ratio', () => {
    const p = modelPrices(item({ model_ratio: 1, completion_ratio: 1 }), 1.5, 0.8);
    expect(p.input).toBeCloseTo(2.4);
    expect(p.completion).toBeCloseTo(2.4);
  });

  it('prices fixed-price models per call times both ratios', () => {
    const p = modelPrices(item({ quota_type: 1, model_price: 0.04, model_ratio: 0 }), 2, 0.5);
    expect(p.kind).toBe('fixed');
    expect(p.perCall).toBeCloseTo(0.04);
  });

  it('adds cache and audio prices only when the model has them', () => {
    expect(modelPrices(item({}), 1, 1).cacheRead).toBeUndefined();
    const p = modelPrices(
      item({ cache_ratio: 0.5, audio_ratio: 2, audio_completion_ratio: 3 }),
      1,
      1,
    );
    expect(p.cacheRead).toBe(1.25);
    expect(p.audioInput).toBe(5);
    expect(p.audioOutput).toBe(15);
  });
});

describe('formatting', () => {
  it('shows dollars with the decimals they need', () => {
    expect(formatUsd(2.5)).toBe('$2.5');
    expect(formatUsd(0.15)).toBe('$0.15');
    expect(formatUsd(0.000125)).toBe('$0.000125');
    expect(formatUsd(0)).toBe('$0');
  });

  it('shows quota in quota mode', () => {
    expect(formatPrice(2, { displayInCurrency: false, quotaPerUnit: 500000 })).toBe('1.0M');
    expect(formatPrice(2, { displayInCurrency: true, quotaPerUnit: 500000 })).toBe('$2');
  });
});

describe('filterModels and groupColor', () => {
  it('filters by name and group', () => {
    const list = [item({}), item({ model_name: 'claude', enable_groups: ['vip'] })];
    expect(filterModels(list, 'GPT', undefined)).toHaveLength(1);
    expect(filterModels(list, '', 'vip').map((m) => m.model_name)).toEqual(['claude']);
  });

  it('colours vip yellow and svip / premium red', () => {
    expect(groupColor('vip')).toBe('gold');
    expect(groupColor('svip')).toBe('red');
    expect(groupColor('Premium')).toBe('red');
    expect(groupColor('default')).toBeUndefined();
  });
});
