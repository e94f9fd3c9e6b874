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

/**
 * The quota of a token-priced request:
 * `round(group × discount × model × (text in + cached × cache + writes × write + text out ×
 * completion + image × image + audio in × audio + audio out × audio × audio completion))`,
 * at least 1 when anything chargeable was used. Image and audio tokens are parts of the
 * prompt/completion totals, so they are taken out of the text part when priced separately.
 */
export function ratioQuota(p: RatioPricing, u: Usage): QuotaResult {
  const image = p.imageRatio === null ? 0 : u.imageTokens;
  const audioIn = p.audioRatio === null ? 0 : u.audioInputTokens;
  const audioOut = p.audioRatio === null ? 0 : u.audioOutputTokens;
  const textIn = Math.max(0, u.promptTokens - image - audioIn);
  const textOut = Math.max(0, u.completionTokens - audioOut);
  const write1h = Math.min(u.cacheWrite1hTokens, u.cacheWriteTokens);
  const write5m = u.cacheWriteTokens - write1h;
  const writeRatio = d(p.cacheWriteRatio);

  const terms: Array<[number, Decimal, string]> = [
    [textIn, d(1), 'prompt'],
    [u.cachedTokens, d(p.cacheRatio), 'cached'],
    [write5m, writeRatio, 'cache write'],
    [write1h, mul(writeRatio, d(ONE_HOUR_CACHE_WRITE_FACTOR)), 'cache write 1h'],
    [textOut, d(p.completionRatio), 'completion'],
    [image, d(p.imageRatio ?? 1), 'image'],
    [audioIn, d(p.audioRatio ?? 1), 'audio in'],
    [audioOut, mul(d(p.audioRatio ?? 1), d(p.audioCompletionRatio)), 'audio out'],
  ];
  let tokens: Decimal = d(0);
  const shown: string[] = [];
  for (const [count, ratio, label] of terms) {
    if (count === 0) continue;
    tokens = add(tokens, mul(d(count), ratio));
    shown.push(
      ratio.units === 1n && ratio.scale === 0
        ? `${count} ${label}`
        : `${count} ${label} × ${fmt(ratio)}`,
    );
  }
  const factor = mul(d(p.groupRatio), d(p.userDiscount), d(p.modelRatio));
  let quota = roundHalfUp(mul(factor, tokens));
  if (quota === 0 && isPositive(factor) && isPositive(tokens)) quota = 1;
  const head = `group ${p.groupRatio} × discount ${p.userDiscount} × model ${p.modelRatio}`;
  return { quota, formula: `${head} × (${shown.join(' + ') || '0'}) = ${quota}` };
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
  const factor = mul(d(p.groupRatio), d(p.userDiscount), d(p.modelRatio));
  const quota = roundHalfUp(mul(factor, tokens));
  return quota === 0 && isPositive(factor) && isPositive(tokens) ? 1 : quota;
}

function fmt(x: Decimal): string {
  if (x.scale === 0) return x.units.toString();
  const s = x.units.toString().padStart(x.scale + 1, '0');
  return `${s.slice(0, -x.scale)}.${s.slice(-x.scale)}`.replace(/\.?0+$/, '');
}
