import { storage } from './storage';

/** How amounts are shown: raw quota, or currency at `quotaPerUnit` quota per dollar. */
export interface QuotaDisplay {
  displayInCurrency: boolean;
  quotaPerUnit: number;
}

/** The display settings cached from `/api/status` (defaults: currency, 500000 per dollar). */
export function storedQuotaDisplay(): QuotaDisplay {
  const perUnit = Number(storage.get('quota_per_unit'));
  return {
    displayInCurrency: storage.get('display_in_currency') !== 'false',
    quotaPerUnit: Number.isFinite(perUnit) && perUnit > 0 ? perUnit : 500000,
  };
}

/** 1234567 → "1.2M": B from 1e9, M from 1e6, k from 1e4, one decimal; smaller numbers as is. */
export function renderNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${(value / 1e9).toFixed(1)}B`;
  if (abs >= 1e6) return `${(value / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `${(value / 1e3).toFixed(1)}k`;
  return String(value);
}

/** A quota amount: "$1.23" in currency mode (`digits` decimals), else `renderNumber`. */
export function renderQuota(
  quota: number,
  digits = 2,
  display: QuotaDisplay = storedQuotaDisplay(),
): string {
  if (!display.displayInCurrency) return renderNumber(quota);
  return `$${(quota / display.quotaPerUnit).toFixed(digits)}`;
}

/** Quota converted to currency units with 6 decimals (for inputs that edit dollars). */
export function quotaToUnit(quota: number, display: QuotaDisplay = storedQuotaDisplay()): string {
  return (quota / display.quotaPerUnit).toFixed(6);
}

/** Currency units back to whole quota. */
export function unitToQuota(units: number, display: QuotaDisplay = storedQuotaDisplay()): number {
  return Math.round(units * display.quotaPerUnit);
}

/**
 * Keeps long numbers narrow: from 100000 the integer part keeps its first and last two
 * digits around "..", e.g. 1234567.891 → "12..67.89"; smaller numbers get two decimals.
 */
export function shortenNumber(value: number): string {
  const fixed = value.toFixed(2);
  if (Math.abs(value) < 100000) return fixed;
  const [integer, decimals] = fixed.split('.');
  const sign = integer.startsWith('-') ? '-' : '';
  const digits = integer.replace('-', '');
  return `${sign}${digits.slice(0, 2)}..${digits.slice(-2)}.${decimals}`;
}
