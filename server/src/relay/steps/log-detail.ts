import type { ModelPricing } from '../../billing/pricing.js';
import type { Usage } from '../../billing/usage.js';
import type { RelayContext } from '../relay-context.js';

/**
 * The `other` JSON of relay log rows (the billing process shown in the console), written as
 * text directly: it is built for every request, and assembling an object only to stringify
 * it costs more than the text. Numbers are finite (settings are validated), strings escaped.
 */

const field = (name: string, value: number | boolean) => `,"${name}":${value}`;
const text = (name: string, value: string) => `,"${name}":${JSON.stringify(value)}`;

function pricingJson(p: ModelPricing): string {
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

/** Token breakdown; zero counts are left out (readers default them to 0). */
function tokensJson(u: Usage): string {
  const counts: Array<[string, number]> = [
    ['text_input', Math.max(0, u.promptTokens - u.imageTokens - u.audioInputTokens)],
    ['text_output', Math.max(0, u.completionTokens - u.audioOutputTokens)],
    ['cache_tokens', u.cachedTokens],
    ['cache_creation_tokens', u.cacheWriteTokens],
    ['cache_creation_tokens_1h', u.cacheWrite1hTokens],
    ['image_tokens', u.imageTokens],
    ['audio_input', u.audioInputTokens],
    ['audio_output', u.audioOutputTokens],
    ['reasoning_tokens', u.reasoningTokens],
  ];
  let s = '';
  for (const [name, n] of counts) if (n !== 0) s += field(name, n);
  return s;
}

/** Where the request went: path, model mapping and the channels tried (admins only). */
export function routingJson(rc: RelayContext): string {
  const attempt = rc.attempt;
  const upstream = attempt?.upstreamModel ?? rc.request.model;
  return (
    text('request_path', rc.req.url.split('?')[0]) +
    field('is_model_mapped', upstream !== rc.request.model) +
    text('upstream_model_name', upstream) +
    `,"use_channel":[${[...rc.tried].join(',')}]`
  );
}

/** The `other` JSON of a consume log: ratios, token breakdown, routing, timing, formula. */
export function consumeDetail(rc: RelayContext, usage: Usage, formula: string): string {
  const { outcome } = rc;
  let s = `{${pricingJson(rc.pricing)}${tokensJson(usage)}${routingJson(rc)}`;
  s += field('frt', Math.round(outcome.firstByteMs));
  s += field('reserved_quota', rc.reservation?.quota ?? 0);
  s += text('formula', formula);
  if (outcome.localCount) s += field('local_count_tokens', true);
  if (outcome.clientGone) s += text('stream_status', 'client_gone');
  return `${s}}`;
}
