/** Currencies without minor units (amounts in them are whole numbers). */
const zeroDecimal = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX', 'XAF', 'XOF']);

/** Decimal digits of a currency's minor unit: 2 for cents and fen, 0 for yen. */
export const minorDigits = (currency: string): number =>
  zeroDecimal.has(currency.toUpperCase()) ? 0 : 2;

/** Minor units as plain decimal text in major units, e.g. `1234` CNY → `12.34`. */
export function formatMinor(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}
