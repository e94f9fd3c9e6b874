import { describe, expect, it } from 'vitest';
import { quotaToUnit, renderNumber, renderQuota, shortenNumber, unitToQuota } from './quota';

const currency = { displayInCurrency: true, quotaPerUnit: 500000 };
const raw = { displayInCurrency: false, quotaPerUnit: 500000 };

describe('renderNumber', () => {
  it('keeps numbers below 10000 as they are', () => {
    expect(renderNumber(0)).toBe('0');
    expect(renderNumber(9999)).toBe('9999');
  });
  it('uses k from 1e4, M from 1e6 and B from 1e9 with one decimal', () => {
    expect(renderNumber(10000)).toBe('10.0k');
    expect(renderNumber(123456)).toBe('123.5k');
    expect(renderNumber(1_000_000)).toBe('1.0M');
    expect(renderNumber(2_345_678)).toBe('2.3M');
    expect(renderNumber(1_000_000_000)).toBe('1.0B');
    expect(renderNumber(-25_000)).toBe('-25.0k');
  });
});

describe('renderQuota', () => {
  it('shows dollars with two digits in currency mode', () => {
    expect(renderQuota(500000, 2, currency)).toBe('$1.00');
    expect(renderQuota(1234, 2, currency)).toBe('$0.00');
    expect(renderQuota(1250000, 2, currency)).toBe('$2.50');
  });
  it('honours other digit counts and units', () => {
    expect(renderQuota(1234, 6, currency)).toBe('$0.002468');
    expect(renderQuota(100, 2, { displayInCurrency: true, quotaPerUnit: 100 })).toBe('$1.00');
  });
  it('shows raw quota with k/M/B outside currency mode', () => {
    expect(renderQuota(1_500_000, 2, raw)).toBe('1.5M');
    expect(renderQuota(42, 2, raw)).toBe('42');
  });
});

describe('unit conversion', () => {
  it('converts with six digits and back', () => {
    expect(quotaToUnit(1, currency)).toBe('0.000002');
    expect(quotaToUnit(750000, currency)).toBe('1.500000');
    expect(unitToQuota(1.5, currency)).toBe(750000);
  });
});

describe('shortenNumber', () => {
  it('leaves numbers below 100000 whole', () => {
    expect(shortenNumber(99999.5)).toBe('99999.50');
    expect(shortenNumber(12.345)).toBe('12.35');
  });
  it('puts ".." in the middle from 100000', () => {
    expect(shortenNumber(100000)).toBe('10..00.00');
    expect(shortenNumber(1234567.891)).toBe('12..67.89');
    expect(shortenNumber(-7654321)).toBe('-76..21.00');
  });
});
