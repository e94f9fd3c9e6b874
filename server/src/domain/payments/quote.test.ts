import { formatMinor } from '@gateway/shared';
import { describe, expect, it } from 'vitest';
import { stripeUnits } from './providers/stripe/currencies.js';
import { discountFor, quoteTopUp } from './quote.js';

const cents = { digits: 2, places: 2 };
const epay = { fixedFee: 0, percentFee: 0, currencyRate: 7.3, currency: 'CNY', units: cents };
const stripe = (currency: string, currencyRate: number) => ({
  fixedFee: 0,
  percentFee: 0,
  currencyRate,
  currency,
  units: stripeUnits(currency)!,
});

describe('top-up quotes', () => {
  it('converts the amount and credits quota for the amount, not the price', () => {
    const q = quoteTopUp(10, {}, epay, 500_000);
    expect(q).toMatchObject({ discount: 1, priceMinor: 7300, feeMinor: 0, moneyMinor: 7300 });
    expect(q.quota).toBe(5_000_000);
    expect(formatMinor(q.moneyMinor, 'CNY')).toBe('73.00');
  });

  it('applies the discount tier reached and the fees, rounding once', () => {
    const tiers = { '100': 0.95, '500': 0.9 };
    expect(discountFor(99, tiers)).toBe(1);
    expect(discountFor(100, tiers)).toBe(0.95);
    expect(discountFor(800, tiers)).toBe(0.9);
    const gateway = { ...epay, fixedFee: 0.3, percentFee: 0.05, currencyRate: 1.5 };
    // 200 × 0.95 × 1.5 = 285.00; × 1.05 = 299.25; + 0.3 × 1.5 = 299.70
    const q = quoteTopUp(200, tiers, gateway, 500_000);
    expect(q).toMatchObject({ priceMinor: 28_500, moneyMinor: 29_970, feeMinor: 1_470 });
    expect(q.quota).toBe(100_000_000);
  });

  it('keeps cents exact where binary fractions are not', () => {
    // 0.1 × 3 in floating point is 0.30000000000000004; 1.15 × 100 is 114.99999999999999.
    expect(quoteTopUp(0.1, {}, { ...epay, currencyRate: 3 }, 500_000).moneyMinor).toBe(30);
    expect(quoteTopUp(1.15, {}, { ...epay, currencyRate: 1 }, 500_000).moneyMinor).toBe(115);
    expect(quoteTopUp(19.99, {}, { ...epay, currencyRate: 1 }, 500_000)).toMatchObject({
      moneyMinor: 1999,
      quota: 9_995_000,
    });
  });

  it("counts each currency in its provider's units", () => {
    expect(quoteTopUp(10, {}, stripe('USD', 1), 500_000)).toMatchObject({
      digits: 2,
      moneyMinor: 1000,
    });
    // Zero-decimal: whole yen and guaraní, rounded once.
    expect(quoteTopUp(10, {}, stripe('JPY', 151.37), 500_000)).toMatchObject({
      digits: 0,
      moneyMinor: 1514,
    });
    expect(quoteTopUp(10, {}, stripe('PYG', 7300), 500_000).moneyMinor).toBe(73_000);
    // Three-decimal: thousandths, rounded to the nearest ten (3.0764 KWD → 3.080).
    expect(quoteTopUp(10, {}, stripe('KWD', 0.30764), 500_000)).toMatchObject({
      digits: 3,
      moneyMinor: 3080,
    });
    // ISK: hundredths of whole krónur (1387.5 → 1388 ISK, written 138800).
    expect(quoteTopUp(10, {}, stripe('ISK', 138.75), 500_000)).toMatchObject({
      digits: 2,
      moneyMinor: 138_800,
    });
  });
});
