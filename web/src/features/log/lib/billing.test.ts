import { describe, expect, it } from 'vitest';
import { parseBilling, pricePerMillion } from './billing';

describe('parseBilling', () => {
  it('reads a token-priced row', () => {
    const b = parseBilling(
      JSON.stringify({
        model_ratio: 0.075,
        completion_ratio: 4,
        group_ratio: 1,
        user_discount: 1,
        model_price: -1,
        frt: 120,
        formula: 'group 1 × discount 1 × model 0.075 × (10 prompt) = 1',
        is_model_mapped: true,
        upstream_model_name: 'x',
      }),
    );
    expect(b.kind).toBe('ratio');
    expect(b.completionRatio).toBe(4);
    expect(b.firstByteMs).toBe(120);
    expect(b.mapped).toBe(true);
    expect(b.formula).toContain('= 1');
  });

  it('reads a fixed-price row and survives bad JSON', () => {
    expect(parseBilling('{"model_price":0.04,"model_ratio":0}').kind).toBe('fixed');
    expect(parseBilling('not json').kind).toBe('none');
  });

  it('turns ratios into prices per 1M tokens', () => {
    expect(pricePerMillion(1.25, 4)).toEqual({ input: 2.5, output: 10 });
  });
});
