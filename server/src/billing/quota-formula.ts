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

/** The decimals and labels of a pricing, computed once per (cached) pricing object. */
interface Compiled {
  terms: [Term, Term, Term, Term, Term, Term, Term, Term];
  factor: Decimal;
  head: string;
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
  c = {
    terms: [
      term(d(1), 'prompt'),
      term(d(p.cacheRatio), 'cached'),
      term(write, 'cache write'),
      term(mul(write, d(ONE_HOUR_CACHE_WRITE_FACTOR)), 'cache write 1h'),
      term(d(p.completionRatio), 'completion'),
      term(d(p.imageRatio ?? 1), 'image'),
      term(audio, 'audio in'),
      term(mul(audio, d(p.audioCompletionRatio)), 'audio out'),
    ],
    factor: mul(d(p.groupRatio), d(p.userDiscount), d(p.modelRatio)),
    head: `group ${p.groupRatio} × discount ${p.userDiscount} × model ${p.modelRatio} × (`,
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
  let tokens: Decimal = { units: 0n, scale: 0 };
  let shown = '';
  for (let i = 0; i < counts.length; i++) {
    const count = counts[i];
    if (count === 0) continue;
    const t = c.terms[i];
    tokens = add(tokens, mul(d(count), t.ratio));
    shown += (shown === '' ? '' : ' + ') + count + t.shown;
  }
  let quota = roundHalfUp(mul(c.factor, tokens));
  if (quota === 0 && isPositive(c.factor) && isPositive(tokens)) quota = 1;
  return { quota, formula: `${c.head}${shown || '0'}) = ${quota}` };
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
