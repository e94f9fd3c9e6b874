import { add, decimal, isPositive, mul, roundHalfUp, type Decimal } from '../lib/decimal.js';
import type { FixedPricing, ModelPricing, RatioPricing } from './pricing.js';
import type { Usage } from './usage.js';

/** Anthropic bills 1-hour cache writes at 2× input against 1.25× for 5-minute writes. */
export const ONE_HOUR_CACHE_WRITE_FACTOR = 1.6;

/** The cost of one request and how it was reached. */
export interface QuotaResult {
  /** Integer quota (500000 = 1 USD), rounded half up once at the end. */
  quota: number;
  /** The formula with its numbers, for the log's billing detail. */
  formula: string;
}

const d = decimal;

/** A ratio ready for the formula: exact, and as shown in the formula text (`''` for 1). */
interface Term {
  ratio: Decimal;
  shown: string;
  label: string;
}

/**
 * The ratios of a pricing as integers at one scale (`units[i] / 10^scale`) and its factor as
 * an integer (`factor / 10^factorScale`), for reckoning a quota in plain numbers, with
 * `divisor` = 10^(scale + factorScale); null when one of them is not a safe integer that way.
 */
interface PlainRatios {
  units: number[];
  factor: number;
  divisor: number;
}

/** The decimals and labels of a pricing, computed once per (cached) pricing object. */
interface Compiled {
  terms: [Term, Term, Term, Term, Term, Term, Term, Term];
  factor: Decimal;
  head: string;
  plain: PlainRatios | null;
}

const safe = (n: bigint) => n <= BigInt(Number.MAX_SAFE_INTEGER);

function plainRatios(terms: readonly Term[], factor: Decimal): PlainRatios | null {
  const scale = Math.max(...terms.map((t) => t.ratio.scale));
  const units = terms.map((t) => t.ratio.units * 10n ** BigInt(scale - t.ratio.scale));
  if (!units.every(safe) || !safe(factor.units) || scale + factor.scale > 22) return null;
  // Parsed from its spelling: up to 10^22 a power of ten is a double exactly (`**` may round).
  const divisor = Number(`1e${scale + factor.scale}`);
  return { units: units.map(Number), factor: Number(factor.units), divisor };
}

const compiledPrices = new WeakMap<RatioPricing, Compiled>();

function term(ratio: Decimal, label: string): Term {
  const one = ratio.units === 1n && ratio.scale === 0;
  return { ratio, label, shown: one ? ` ${label}` : ` ${label} × ${fmt(ratio)}` };
}

function compile(p: RatioPricing): Compiled {
  let c = compiledPrices.get(p);
  if (c) return c;
  const write = d(p.cacheWriteRatio);
  const audio = d(p.audioRatio ?? 1);
  const terms: Compiled['terms'] = [
    term(d(1), 'prompt'),
    term(d(p.cacheRatio), 'cached'),
    term(write, 'cache write'),
    term(mul(write, d(ONE_HOUR_CACHE_WRITE_FACTOR)), 'cache write 1h'),
    term(d(p.completionRatio), 'completion'),
    term(d(p.imageRatio ?? 1), 'image'),
    term(audio, 'audio in'),
    term(mul(audio, d(p.audioCompletionRatio)), 'audio out'),
  ];
  const factor = mul(d(p.groupRatio), d(p.userDiscount), d(p.modelRatio));
  c = {
    terms,
    factor,
    head: `group ${p.groupRatio} × discount ${p.userDiscount} × model ${p.modelRatio} × (`,
    plain: plainRatios(terms, factor),
  };
  compiledPrices.set(p, c);
  return c;
}

/**
 * The quota of a token-priced request:
 * `round(group × discount × model × (text in + cached × cache + writes × write + text out ×
 * completion + image × image + audio in × audio + audio out × audio × audio completion))`,
 * at least 1 when anything chargeable was used. Image and audio tokens are parts of the
 * prompt/completion totals, so they are taken out of the text part when priced separately.
 */
export function ratioQuota(p: RatioPricing, u: Usage): QuotaResult {
  const c = compile(p);
  const image = p.imageRatio === null ? 0 : u.imageTokens;
  const audioIn = p.audioRatio === null ? 0 : u.audioInputTokens;
  const audioOut = p.audioRatio === null ? 0 : u.audioOutputTokens;
  const write1h = Math.min(u.cacheWrite1hTokens, u.cacheWriteTokens);
  const counts = [
    Math.max(0, u.promptTokens - image - audioIn),
    u.cachedTokens,
    u.cacheWriteTokens - write1h,
    write1h,
    Math.max(0, u.completionTokens - audioOut),
    image,
    audioIn,
    audioOut,
  ];
  let shown = '';
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] !== 0) shown += (shown === '' ? '' : ' + ') + counts[i] + c.terms[i].shown;
  }
  const quota = plainQuota(c.plain, counts) ?? exactQuota(c, counts);
  return { quota, formula: `${c.head}${shown || '0'}) = ${quota}` };
}

/**
 * The quota in plain numbers, when that is exact: every count a non-negative safe integer and
 * the weighted sum times the factor within 2^53 (past it, a result rounds to 2^53 or more, so
 * the check sees it); null otherwise. Then `%` and `/` by the divisor, a power of ten that is a
 * double exactly, are exact too. The common case, without a BigInt or an object per term.
 */
function plainQuota(plain: PlainRatios | null, counts: readonly number[]): number | null {
  if (!plain) return null;
  let units = 0;
  for (let i = 0; i < counts.length; i++) {
    const count = counts[i];
    if (!Number.isSafeInteger(count) || count < 0) return null;
    units += count * plain.units[i];
  }
  const product = units * plain.factor;
  if (!Number.isSafeInteger(product)) return null;
  const { divisor } = plain;
  const rest = product % divisor;
  const quota = (product - rest) / divisor + (rest * 2 >= divisor ? 1 : 0);
  return quota === 0 && plain.factor > 0 && units > 0 ? 1 : quota;
}

/** The quota in exact decimals (BigInt), whatever the sizes. */
function exactQuota(c: Compiled, counts: readonly number[]): number {
  let tokens: Decimal = { units: 0n, scale: 0 };
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] !== 0) tokens = add(tokens, mul(d(counts[i]), c.terms[i].ratio));
  }
  const quota = roundHalfUp(mul(c.factor, tokens));
  return quota === 0 && isPositive(c.factor) && isPositive(tokens) ? 1 : quota;
}

/** The quota of a fixed-price request: `round(price × QuotaPerUnit × group × discount × calls)`. */
export function fixedQuota(p: FixedPricing, quotaPerUnit: number, calls = 1): QuotaResult {
  const quota = roundHalfUp(
    mul(d(p.price), d(quotaPerUnit), d(p.groupRatio), d(p.userDiscount), d(calls)),
  );
  const times = calls === 1 ? '' : ` × ${calls} calls`;
  return {
    quota,
    formula: `$${p.price} × ${quotaPerUnit} × group ${p.groupRatio} × discount ${p.userDiscount}${times} = ${quota}`,
  };
}

/** The quota of a finished request by its pricing and usage. */
export function quotaForUsage(
  p: ModelPricing,
  usage: Usage,
  quotaPerUnit: number,
  calls = 1,
): QuotaResult {
  return p.kind === 'fixed' ? fixedQuota(p, quotaPerUnit, calls) : ratioQuota(p, usage);
}

/**
 * The quota to reserve before the upstream call: the full price for a fixed price, else
 * `(max(prompt estimate, floor tokens) + max tokens × completion) × model × group × discount`.
 */
export function reserveEstimate(
  p: ModelPricing,
  promptTokens: number,
  maxTokens: number,
  floorTokens: number,
  quotaPerUnit: number,
  calls = 1,
): number {
  if (p.kind === 'fixed') return fixedQuota(p, quotaPerUnit, calls).quota;
  const tokens = add(
    d(Math.max(promptTokens, floorTokens)),
    mul(d(maxTokens), d(p.completionRatio)),
  );
  const { factor } = compile(p);
  const quota = roundHalfUp(mul(factor, tokens));
  return quota === 0 && isPositive(factor) && isPositive(tokens) ? 1 : quota;
}

function fmt(x: Decimal): string {
  if (x.scale === 0) return x.units.toString();
  const s = x.units.toString().padStart(x.scale + 1, '0');
  return `${s.slice(0, -x.scale)}.${s.slice(-x.scale)}`.replace(/\.?0+$/, '');
}
