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

describe('money formatting', async () => {
  const { renderCost, axisMoney } = await import('../../../lib/format');
  const usd = { displayInCurrency: true, quotaPerUnit: 500000 };
  it('keeps 2 decimals from a cent up and shows 6 below', () => {
    expect(renderCost(5_000_000, usd)).toBe('$10.00');
    expect(renderCost(4, usd)).toBe('$0.000008');
    expect(renderCost(0, usd)).toBe('$0.00');
    expect(renderCost(20000, { displayInCurrency: false, quotaPerUnit: 500000 })).toBe('20.0k');
  });
  it('labels axes compactly', () => {
    expect(axisMoney(4, usd)).toBe('$0.000008');
    expect(axisMoney(250000, usd)).toBe('$0.5');
    expect(axisMoney(0, usd)).toBe('$0');
  });
});

describe('partial answers', () => {
  it('reads why an answer was partial, old client-gone rows included', () => {
    expect(
      parseBilling('{"partial":true,"stream_status":"upstream_cut","model_ratio":1}').partial,
    ).toBe('upstream_cut');
    expect(parseBilling('{"stream_status":"client_gone"}').partial).toBe('client_gone');
    expect(parseBilling('{"model_ratio":1}').partial).toBeUndefined();
  });
});
