import type { ModelPricing } from '../../billing/pricing.js';
import type { Usage } from '../../billing/usage.js';
import type { RelayContext } from '../relay-context.js';

/**
 * The `other` JSON of relay log rows (the billing process shown in the console): the fields of
 * the shared `logBilling` schema, written as text directly: it is built for every request, and
 * assembling an object only to stringify it costs more than the text. Numbers are finite
 * (settings are validated), strings escaped. `server/test/logs/billing-detail.test.ts` checks
 * every kind of row against the schema and the console's reader.
 */

const field = (name: string, value: number | boolean) => `,"${name}":${value}`;
const text = (name: string, value: string) => `,"${name}":${JSON.stringify(value)}`;

/** The price part of each price (prices are memoized, so most requests share a few objects). */
const pricingTexts = new WeakMap<ModelPricing, string>();

function pricingJson(p: ModelPricing): string {
  let json = pricingTexts.get(p);
  if (json === undefined) pricingTexts.set(p, (json = writePricing(p)));
  return json;
}

function writePricing(p: ModelPricing): string {
  let s = `"group_ratio":${p.groupRatio},"user_discount":${p.userDiscount}`;
  if (p.kind === 'fixed') return `${s},"model_price":${p.price},"model_ratio":0`;
  s += `,"model_price":-1,"model_ratio":${p.modelRatio},"completion_ratio":${p.completionRatio}`;
  s += `,"cache_ratio":${p.cacheRatio},"cache_creation_ratio":${p.cacheWriteRatio}`;
  if (p.imageRatio !== null) s += field('image_ratio', p.imageRatio);
  if (p.audioRatio !== null) {
    s +=
      field('audio_ratio', p.audioRatio) + field('audio_completion_ratio', p.audioCompletionRatio);
  }
  return p.fallback ? s + field('self_use_fallback', true) : s;
}

/** A count field, left out when zero (readers default it to 0). */
const count = (name: string, n: number) => (n === 0 ? '' : `,"${name}":${n}`);

/** Token breakdown; zero counts are left out. */
function tokensJson(u: Usage): string {
  return (
    count('text_input', Math.max(0, u.promptTokens - u.imageTokens - u.audioInputTokens)) +
    count('text_output', Math.max(0, u.completionTokens - u.audioOutputTokens)) +
    count('cache_tokens', u.cachedTokens) +
    count('cache_creation_tokens', u.cacheWriteTokens) +
    count('cache_creation_tokens_1h', u.cacheWrite1hTokens) +
    count('image_tokens', u.imageTokens) +
    count('audio_input', u.audioInputTokens) +
    count('audio_output', u.audioOutputTokens) +
    count('reasoning_tokens', u.reasoningTokens)
  );
}

/** Where the request went: path, model mapping and the channels tried (admins only). */
export function routingJson(rc: RelayContext): string {
  const upstream = rc.attempt?.upstreamModel ?? rc.request.model;
  const url = rc.req.url;
  const query = url.indexOf('?');
  let channels = '';
  for (const id of rc.tried) channels += channels === '' ? id : `,${id}`;
  return (
    text('request_path', query === -1 ? url : url.slice(0, query)) +
    field('is_model_mapped', upstream !== rc.request.model) +
    text('upstream_model_name', upstream) +
    (rc.fallbackFrom === null ? '' : text('fallback_from', rc.fallbackFrom)) +
    (rc.fallbackGroupFrom === null ? '' : text('fallback_group_from', rc.fallbackGroupFrom)) +
    (rc.sticky === null ? '' : text('sticky', rc.sticky.hit ? 'hit' : 'miss')) +
    `,"use_channel":[${channels}]`
  );
}

/**
 * The `other` JSON of a consume log: ratios, token breakdown, routing and timing. The formula
 * with its numbers is the row's `content` (the console shows it from there), not repeated
 * here: consume logs are the largest table, and it was a sixth of each row.
 */
export function consumeDetail(rc: RelayContext, usage: Usage): string {
  const { outcome } = rc;
  let s = `{${pricingJson(rc.pricing)}${tokensJson(usage)}${routingJson(rc)}`;
  if (rc.priceTier !== null) s += text('price_tier', rc.priceTier);
  s += field('frt', Math.round(outcome.firstByteMs));
  s += field('reserved_quota', rc.reservation?.quota ?? 0);
  if (outcome.localCount) s += field('local_count_tokens', true);
  if (outcome.partial) s += field('partial', true) + text('stream_status', outcome.partial);
  else if (outcome.clientGone) s += text('stream_status', 'client_gone');
  return `${s}}`;
}
