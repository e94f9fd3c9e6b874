import { describe, expect, it } from 'vitest';
import { formatMinor, isKnownCurrency, isoMinorDigits, minorDigits } from './money.js';

describe('currency minor units', () => {
  it('reads ISO 4217 decimals from the runtime', () => {
    expect(isoMinorDigits('USD')).toBe(2);
    expect(isoMinorDigits('cny')).toBe(2);
    expect(isoMinorDigits('JPY')).toBe(0);
    expect(isoMinorDigits('PYG')).toBe(0);
    expect(isoMinorDigits('ISK')).toBe(0);
    for (const code of ['BHD', 'JOD', 'KWD', 'OMR', 'TND']) expect(isoMinorDigits(code)).toBe(3);
  });

  it('knows real codes only, and falls back to two decimals for display', () => {
    expect(isKnownCurrency('EUR')).toBe(true);
    expect(isKnownCurrency('XYZ')).toBe(false);
    expect(isoMinorDigits('XYZ')).toBeUndefined();
    expect(minorDigits('XYZ')).toBe(2);
  });

  it('writes minor units as exact decimal text', () => {
    expect(formatMinor(7300, 'CNY')).toBe('73.00');
    expect(formatMinor(5, 'USD')).toBe('0.05');
    expect(formatMinor(-1999, 'USD')).toBe('-19.99');
    expect(formatMinor(1500, 'JPY')).toBe('1500');
    expect(formatMinor(12_340, 'KWD')).toBe('12.340');
    // An order keeps its provider's digits: Stripe counts ISK in hundredths.
    expect(formatMinor(50_000, 'ISK', 2)).toBe('500.00');
    expect(formatMinor(900_719_925_474_099, 'USD')).toBe('9007199254740.99');
  });
});
