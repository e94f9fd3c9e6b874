/** How balances are shown: the status fields `display_in_currency` and `quota_per_unit`. */
export interface QuotaDisplay {
  displayInCurrency: boolean;
  quotaPerUnit: number;
}

/** The server default: 500000 quota = 1 USD, shown in currency. */
export const defaultQuotaDisplay: QuotaDisplay = { displayInCurrency: true, quotaPerUnit: 500000 };

/** Compact count: at least 1e9 as B, 1e6 as M, 1e4 as k, one decimal; smaller as is. */
export function renderNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${(value / 1e9).toFixed(1)}B`;
  if (abs >= 1e6) return `${(value / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `${(value / 1e3).toFixed(1)}k`;
  return String(value);
}

/** Quota in currency units (USD), unrounded. */
export function quotaToUnit(quota: number, quotaPerUnit: number): number {
  return quotaPerUnit > 0 ? quota / quotaPerUnit : 0;
}

/** The unit-conversion helper: quota as a currency amount with 6 digits. */
export function renderQuotaUnit(quota: number, quotaPerUnit: number): string {
  return quotaToUnit(quota, quotaPerUnit).toFixed(6);
}

/** Quota for a currency amount (what admins type when they think in dollars). */
export function unitToQuota(amount: number, quotaPerUnit: number): number {
  return Math.round(amount * quotaPerUnit);
}

/** A balance for display: `$` + amount with `digits` digits in currency mode, else a compact count. */
export function renderQuota(quota: number, display: QuotaDisplay, digits = 2): string {
  if (display.displayInCurrency)
    return `$${quotaToUnit(quota, display.quotaPerUnit).toFixed(digits)}`;
  return renderNumber(quota);
}

/** Numbers of at least 100000 lose their middle digits: 1234567 → "12..67". */
export function shortenNumber(value: number): string {
  const digits = String(Math.trunc(Math.abs(value)));
  if (Math.abs(value) < 100000) return String(value);
  const sign = value < 0 ? '-' : '';
  return `${sign}${digits.slice(0, 2)}..${digits.slice(-2)}`;
}
