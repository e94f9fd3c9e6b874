/**
 * Currencies and their minor units. ISO 4217 as this runtime's `Intl` knows it is the default;
 * a payment provider that counts some currencies otherwise (Stripe takes ISK in hundredths)
 * declares its own units, and an order keeps the digits it was made with (`money_digits`).
 */

let known: Set<string> | undefined;
const isoDigits = new Map<string, number>();

/** Whether the runtime knows `currency` as an ISO 4217 code (`USD`, `CNY`; not `XYZ`). */
export function isKnownCurrency(currency: string): boolean {
  known ??= new Set(Intl.supportedValuesOf('currency'));
  return known.has(currency.toUpperCase());
}

/** ISO 4217 decimals of a currency (2 for USD, 0 for JPY, 3 for KWD); undefined if unknown. */
export function isoMinorDigits(currency: string): number | undefined {
  const code = currency.toUpperCase();
  const cached = isoDigits.get(code);
  if (cached !== undefined) return cached;
  if (!isKnownCurrency(code)) return undefined;
  const { maximumFractionDigits = 2 } = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
  }).resolvedOptions();
  isoDigits.set(code, maximumFractionDigits);
  return maximumFractionDigits;
}

/** Decimal digits of a currency's minor unit by ISO 4217; 2 for a code the runtime does not know. */
export const minorDigits = (currency: string): number => isoMinorDigits(currency) ?? 2;

/**
 * Minor units as plain decimal text in major units, exactly: `1234` CNY → `12.34`, `1500` JPY
 * → `1500`, `-5` USD → `-0.05`. `digits` is the minor unit's (an order's own, when it has one).
 */
export function formatMinor(
  minor: number,
  currency: string,
  digits = minorDigits(currency),
): string {
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(minor)));
  if (digits <= 0) return sign + text;
  const padded = text.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}
