/**
 * Exact decimal arithmetic for money: a value is `units × 10^-scale` with integer units, so
 * `0.1 + 0.2` is exactly `0.3` and a rounding decision never depends on float drift. A ratio
 * typed as `0.075` is read from its shortest decimal spelling, exactly as the admin wrote it.
 */
export interface Decimal {
  /** The value scaled to an integer. */
  readonly units: bigint;
  /** Number of decimal places in `units`. */
  readonly scale: number;
}

const pow10Cache: bigint[] = [];
function pow10(n: number): bigint {
  return (pow10Cache[n] ??= 10n ** BigInt(n));
}

/** Decimals of recently seen non-integers (ratios repeat on every request). */
const parsed = new Map<number, Decimal>();

/** The exact decimal of a finite number's shortest spelling (`0.075` → 75 × 10^-3). */
export function decimal(value: number): Decimal {
  if (Number.isSafeInteger(value)) return { units: BigInt(value), scale: 0 };
  const known = parsed.get(value);
  if (known) return known;
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  if (parsed.size >= 4096) parsed.clear();
  const result = parseDecimal(value);
  parsed.set(value, result);
  return result;
}

function parseDecimal(value: number): Decimal {
  const [mantissa, exp = '0'] = String(value).toLowerCase().split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const units = BigInt(whole + fraction);
  const scale = fraction.length - Number(exp);
  return scale >= 0 ? { units, scale } : { units: units * pow10(-scale), scale: 0 };
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  if (a.scale === b.scale) return [a.units, b.units, a.scale];
  if (a.scale > b.scale) return [a.units, b.units * pow10(a.scale - b.scale), a.scale];
  return [a.units * pow10(b.scale - a.scale), b.units, b.scale];
}

/** a + b, exactly. */
export function add(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return { units: x + y, scale };
}

/** The product of all factors, exactly. */
export function mul(...factors: Decimal[]): Decimal {
  let units = 1n;
  let scale = 0;
  for (const f of factors) {
    units *= f.units;
    scale += f.scale;
  }
  return { units, scale };
}

/** Rounds to an integer, halves away from zero (half up for the non-negative money values). */
export function roundHalfUp(d: Decimal): number {
  if (d.scale === 0) return Number(d.units);
  const divisor = pow10(d.scale);
  const negative = d.units < 0n;
  const abs = negative ? -d.units : d.units;
  const rounded = (abs * 2n + divisor) / (divisor * 2n);
  return Number(negative ? -rounded : rounded);
}

/** Whether the value is greater than zero. */
export function isPositive(d: Decimal): boolean {
  return d.units > 0n;
}

/** The nearest float, for display only (never for a rounding decision). */
export function toNumber(d: Decimal): number {
  return Number(`${d.units}e-${d.scale}`);
}

/** d × 10^places, exactly. */
export function shift(d: Decimal, places: number): Decimal {
  if (places <= d.scale) return { units: d.units, scale: d.scale - places };
  return { units: d.units * pow10(places - d.scale), scale: 0 };
}

/**
 * `value` × 10^places as an exact integer (`19.99`, 2 → 1999), or undefined when `value` has
 * more decimal places than that (`1.001`), is not finite, or the result is past the exact range.
 * Reads the number's shortest spelling, so no float product decides it.
 */
export function scaledExactly(value: number, places: number): number | undefined {
  if (!Number.isFinite(value)) return undefined;
  const d = shift(decimal(value), places);
  if (d.scale > 0) return undefined;
  const result = Number(d.units);
  return Number.isSafeInteger(result) ? result : undefined;
}
