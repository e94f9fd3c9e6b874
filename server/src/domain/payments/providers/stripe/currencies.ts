import { isoMinorDigits } from '@gateway/shared';
import type { CurrencyUnits } from '../provider.js';

/**
 * Stripe's amounts are in a currency's minor unit, by Stripe's own table rather than ISO's
 * (https://docs.stripe.com/currencies): every currency counts in hundredths except these.
 */

/** Zero-decimal: an amount is whole units (JPY 500 is `500`). */
const zeroDecimal = new Set([
  'BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA',
  'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF',
]); // prettier-ignore

/** Three-decimal: thousandths, and the last digit must be 0 (KWD 5.124 is charged as `5120`). */
const threeDecimal = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/**
 * Two-decimal in the API but charged in whole units only: ISK 5 is `500`, and an amount not
 * divisible by 100 is refused. (HUF and TWD are two-decimal for charges; only their payouts
 * are whole units, which do not concern a top-up.)
 */
const wholeUnitsInHundredths = new Set(['ISK']);

/** Codes Stripe does not take as a presentment currency: sanctioned, or not money at all. */
const notOffered = new Set(['CUC', 'CUP', 'IRR', 'KPW', 'SYP', 'XDR', 'XSU']);

/**
 * Stripe's units for a currency; undefined for a code the runtime does not know, one Stripe
 * does not offer, or one with finer units than Stripe's table covers (LYD: thousandths in ISO,
 * not a Stripe three-decimal currency), whose amounts Stripe would read differently from us.
 */
export function stripeUnits(currency: string): CurrencyUnits | undefined {
  const code = currency.toUpperCase();
  const iso = isoMinorDigits(code);
  if (iso === undefined || notOffered.has(code)) return undefined;
  if (zeroDecimal.has(code)) return { digits: 0, places: 0 };
  if (threeDecimal.has(code)) return { digits: 3, places: 2 };
  if (wholeUnitsInHundredths.has(code)) return { digits: 2, places: 0 };
  if (iso > 2) return undefined;
  return { digits: 2, places: 2 };
}
