import { describe, expect, it } from 'vitest';
import { stripeUnits } from './currencies.js';

describe("Stripe's currency units", () => {
  it('follows Stripe where it differs from ISO 4217', () => {
    expect(stripeUnits('usd')).toEqual({ digits: 2, places: 2 });
    for (const code of ['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF']) {
      expect(stripeUnits(code), code).toEqual({ digits: 0, places: 0 });
    }
    for (const code of ['UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']) {
      expect(stripeUnits(code), code).toEqual({ digits: 0, places: 0 });
    }
    for (const code of ['BHD', 'JOD', 'KWD', 'OMR', 'TND']) {
      expect(stripeUnits(code), code).toEqual({ digits: 3, places: 2 });
    }
    // Whole krónur written in hundredths; HUF and TWD are two-decimal for charges.
    expect(stripeUnits('ISK')).toEqual({ digits: 2, places: 0 });
    expect(stripeUnits('HUF')).toEqual({ digits: 2, places: 2 });
    expect(stripeUnits('TWD')).toEqual({ digits: 2, places: 2 });
    // Zero-decimal by ISO but not by Stripe: hundredths.
    expect(stripeUnits('IDR')).toEqual({ digits: 2, places: 2 });
  });

  it('refuses what it cannot take', () => {
    expect(stripeUnits('XYZ')).toBeUndefined();
    expect(stripeUnits('LYD')).toBeUndefined();
    expect(stripeUnits('IRR')).toBeUndefined();
  });
});
