import { describe, expect, it } from 'vitest';
import { renderNumber, renderQuota, renderQuotaUnit, shortenNumber, unitToQuota } from './quota';

describe('renderNumber', () => {
  it('uses B, M and k with one decimal from their thresholds', () => {
    expect(renderNumber(2_500_000_000)).toBe('2.5B');
    expect(renderNumber(1_000_000_000)).toBe('1.0B');
    expect(renderNumber(999_999_999)).toBe('1000.0M');
    expect(renderNumber(1_234_567)).toBe('1.2M');
    expect(renderNumber(12_345)).toBe('12.3k');
    expect(renderNumber(10_000)).toBe('10.0k');
  });

  it('leaves numbers below 1e4 as they are', () => {
    expect(renderNumber(9_999)).toBe('9999');
    expect(renderNumber(0)).toBe('0');
  });
});

describe('renderQuota', () => {
  const currency = { displayInCurrency: true, quotaPerUnit: 500000 };

  it('shows dollars with two digits in currency mode', () => {
    expect(renderQuota(500000, currency)).toBe('$1.00');
    expect(renderQuota(1_250_000, currency)).toBe('$2.50');
    expect(renderQuota(1, currency)).toBe('$0.00');
  });

  it('honours other digit counts and quota_per_unit', () => {
    expect(renderQuota(1, currency, 6)).toBe('$0.000002');
    expect(renderQuota(1000, { displayInCurrency: true, quotaPerUnit: 1000 })).toBe('$1.00');
  });

  it('shows a compact count when currency display is off', () => {
    expect(renderQuota(1_500_000, { displayInCurrency: false, quotaPerUnit: 500000 })).toBe('1.5M');
  });
});

describe('unit conversion', () => {
  it('converts quota to currency with six digits and back', () => {
    expect(renderQuotaUnit(1, 500000)).toBe('0.000002');
    expect(renderQuotaUnit(750000, 500000)).toBe('1.500000');
    expect(unitToQuota(1.5, 500000)).toBe(750000);
  });
});

describe('shortenNumber', () => {
  it('keeps numbers below 100000', () => {
    expect(shortenNumber(99_999)).toBe('99999');
  });

  it('puts ".." in the middle from 100000 on', () => {
    expect(shortenNumber(100_000)).toBe('10..00');
    expect(shortenNumber(1_234_567)).toBe('12..67');
    expect(shortenNumber(-1_234_567)).toBe('-12..67');
  });
});
