import { minorDigits } from '@gateway/shared';
import { renderNumber, renderQuota, type QuotaDisplay } from './quota';
import dayjs from 'dayjs';

/** Unix seconds as `YYYY-MM-DD HH:mm:ss` in local time; empty for 0. */
export function formatTime(seconds: number): string {
  return seconds > 0 ? dayjs.unix(seconds).format('YYYY-MM-DD HH:mm:ss') : '';
}

/** Milliseconds as seconds with one decimal (`1.2 s`), or ms below one second. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '-';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * A cost for display: like the balance (`$` with 2 decimals, or B / M / k), but with 6 decimals
 * when it is under a cent, so that a cheap request does not read as free.
 */
export function renderCost(quota: number, display: QuotaDisplay): string {
  const small = display.displayInCurrency && quota > 0 && quota / display.quotaPerUnit < 0.01;
  return renderQuota(quota, display, small ? 6 : 2);
}

/** A chart axis value: dollars with the decimals they need, or a compact quota count. */
export function axisMoney(quota: number, display: QuotaDisplay): string {
  if (!display.displayInCurrency) return renderNumber(quota);
  const usd = quota / display.quotaPerUnit;
  if (usd === 0) return '$0';
  const digits = Math.abs(usd) >= 1 ? 2 : Math.abs(usd) >= 0.01 ? 4 : 6;
  return `$${Number(usd.toFixed(digits))}`;
}

/**
 * Money in minor units (cents, fen) of an ISO currency, e.g. `¥73.00` or `US$10.00`. `digits`
 * is the minor unit's when it is not ISO's (an order keeps its provider's: Stripe counts ISK
 * in hundredths).
 */
export function formatMoney(
  minor: number,
  currency: string,
  locale?: string,
  digits = minorDigits(currency),
): string {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return format.format(minor / 10 ** digits);
}
