import { describe, expect, it } from 'vitest';
import type { FixedPricing, RatioPricing } from './pricing.js';
import { add, decimal, isPositive, mul, roundHalfUp } from '../lib/decimal.js';
import { fixedQuota, ratioQuota, reserveEstimate } from './quota-formula.js';
import {
  emptyUsage,
  normalizeAnthropicUsage,
  normalizeGeminiUsage,
  normalizeOpenAIUsage,
  type Usage,
} from './usage.js';

const base = { usingGroup: 'default', groupRatio: 1, userDiscount: 1 };
function ratio(model: string, fields: Partial<RatioPricing>): RatioPricing {
  return {
    ...base,
    kind: 'ratio',
    model,
    priceKey: model,
    modelRatio: 1,
    completionRatio: 1,
    cacheRatio: 1,
    cacheWriteRatio: 1,
    imageRatio: null,
    audioRatio: null,
    audioCompletionRatio: 1,
    fallback: false,
    ...fields,
  };
}
const fixed = (price: number, groupRatio = 1): FixedPricing => ({
  ...base,
  kind: 'fixed',
  model: 'dall-e-3',
  priceKey: 'dall-e-3',
  price,
  groupRatio,
});
const must = (u: Usage | null): Usage => {
  if (!u) throw new Error('no usage');
  return u;
};

const gpt4o = ratio('gpt-4o', { modelRatio: 1.25, completionRatio: 4, cacheRatio: 0.5 });
const sonnet = ratio('claude-sonnet-4', {
  modelRatio: 1.5,
  completionRatio: 5,
  cacheRatio: 0.1,
  cacheWriteRatio: 1.25,
});

// Every expected number is computed by hand in the comment beside it.
const cases: Array<[string, RatioPricing, Usage, number]> = [
  [
    // 1000 prompt incl. 400 cached → 600 + 400×0.5 + 200×4 = 1600; × 1.25 = 2000
    'OpenAI prompt with cached tokens',
    gpt4o,
    must(
      normalizeOpenAIUsage({
        prompt_tokens: 1000,
        completion_tokens: 200,
        prompt_tokens_details: { cached_tokens: 400 },
      }),
    ),
    2000,
  ],
  [
    // 100 + 2000×0.1 + 1000×1.25 + 300×5 = 3050; × 1.5 = 4575
    'Anthropic cache read and write (input excludes the cache)',
    sonnet,
    must(
      normalizeAnthropicUsage({
        input_tokens: 100,
        cache_read_input_tokens: 2000,
        cache_creation_input_tokens: 1000,
        output_tokens: 300,
      }),
    ),
    4575,
  ],
  [
    // writes 600×1.25 + 400×1.25×1.6 = 750 + 800; 100 + 200 + 1550 + 1500 = 3350; × 1.5 = 5025
    'Anthropic 5-minute and 1-hour cache writes',
    sonnet,
    must(
      normalizeAnthropicUsage({
        input_tokens: 100,
        cache_read_input_tokens: 2000,
        cache_creation_input_tokens: 1000,
        cache_creation: { ephemeral_5m_input_tokens: 600, ephemeral_1h_input_tokens: 400 },
        output_tokens: 300,
      }),
    ),
    5025,
  ],
  [
    // reasoning is inside completion: 50 + 1000×4 = 4050; × 0.55 = 2227.5 → half up 2228
    'OpenAI reasoning tokens, a half rounded up',
    ratio('o3-mini', { modelRatio: 0.55, completionRatio: 4, cacheRatio: 0.5 }),
    must(
      normalizeOpenAIUsage({
        prompt_tokens: 50,
        completion_tokens: 1000,
        completion_tokens_details: { reasoning_tokens: 800 },
      }),
    ),
    2228,
  ],
  [
    // text 50 + image 100×2 + out 4160×8 = 33530; × 2.5 = 83825
    'image input priced separately (gpt-image-1)',
    ratio('gpt-image-1', { modelRatio: 2.5, completionRatio: 8, imageRatio: 2 }),
    must(
      normalizeOpenAIUsage({
        input_tokens: 150,
        output_tokens: 4160,
        input_tokens_details: { text_tokens: 50, image_tokens: 100 },
      }),
    ),
    83825,
  ],
  [
    // text in 100 + audio in 200×16 + text out 100×4 + audio out 400×16×2 = 16500; × 1.25
    'audio input and output',
    ratio('gpt-4o-audio-preview', {
      modelRatio: 1.25,
      completionRatio: 4,
      audioRatio: 16,
      audioCompletionRatio: 2,
    }),
    must(
      normalizeOpenAIUsage({
        prompt_tokens: 300,
        completion_tokens: 500,
        prompt_tokens_details: { audio_tokens: 200 },
        completion_tokens_details: { audio_tokens: 400 },
      }),
    ),
    20625,
  ],
  [
    // without an audio ratio the audio tokens are text: (300 + 500×4) × 1.25 = 2875
    'audio billed as text when the model has no audio ratio',
    gpt4o,
    must(
      normalizeOpenAIUsage({
        prompt_tokens: 300,
        completion_tokens: 500,
        prompt_tokens_details: { audio_tokens: 200 },
        completion_tokens_details: { audio_tokens: 400 },
      }),
    ),
    2875,
  ],
  [
    // Gemini: 1000 prompt incl. 200 cached, 100 + 300 thoughts out: 800 + 50 + 3200 = 4050;
    // × 0.625 = 2531.25 → 2531
    'Gemini cached content and thoughts',
    ratio('gemini-2.5-pro', { modelRatio: 0.625, completionRatio: 8, cacheRatio: 0.25 }),
    must(
      normalizeGeminiUsage({
        promptTokenCount: 1000,
        cachedContentTokenCount: 200,
        candidatesTokenCount: 100,
        thoughtsTokenCount: 300,
      }),
    ),
    2531,
  ],
  [
    // group 0.5 × discount 0.8 × 2 × (1000 + 1000×3) = 3200
    'group ratio and user discount',
    ratio('m', { modelRatio: 2, completionRatio: 3, groupRatio: 0.5, userDiscount: 0.8 }),
    { ...emptyUsage(), promptTokens: 1000, completionTokens: 1000 },
    3200,
  ],
  [
    // 0.075 × 1 = 0.075 → rounds to 0, but something was used: the minimum of 1
    'the minimum of 1 when chargeable',
    ratio('gpt-4o-mini', { modelRatio: 0.075, completionRatio: 4 }),
    { ...emptyUsage(), promptTokens: 1 },
    1,
  ],
  ['zero tokens cost 0', gpt4o, emptyUsage(), 0],
  [
    'a free model (ratio 0) costs 0',
    ratio('free', { modelRatio: 0 }),
    { ...emptyUsage(), promptTokens: 1000 },
    0,
  ],
  [
    // exact: 0.145 × 100 = 14.5 → 15 (floats give 14.499999999999998 → 14)
    'exact arithmetic decides the half',
    ratio('m', { modelRatio: 0.145 }),
    { ...emptyUsage(), promptTokens: 100 },
    15,
  ],
  [
    // 0.1 × 3 × 5 tokens: 1.5 → 2 (floats drift but land on the same side here)
    'ratios multiply exactly',
    ratio('m', { modelRatio: 0.1, groupRatio: 3 }),
    { ...emptyUsage(), promptTokens: 5 },
    2,
  ],
];

/** The quota of a text-only usage worked out in BigInt decimals, as a reference. */
function referenceQuota(p: RatioPricing, prompt: number, completion: number): number {
  const tokens = add(decimal(prompt), mul(decimal(completion), decimal(p.completionRatio)));
  const factor = mul(decimal(p.groupRatio), decimal(p.userDiscount), decimal(p.modelRatio));
  const quota = roundHalfUp(mul(factor, tokens));
  return quota === 0 && isPositive(factor) && isPositive(tokens) ? 1 : quota;
}

describe('ratioQuota', () => {
  it.each(cases)('%s', (_name, pricing, usage, expected) => {
    const result = ratioQuota(pricing, usage);
    expect(result.quota).toBe(expected);
    expect(result.formula).toContain(`= ${expected}`);
  });

  it('reckons in plain numbers exactly as in BigInt decimals, up to and past 2^53', () => {
    const ratios = [0.075, 0.1, 0.3, 1, 1.25, 2.5, 3, 0.000123, 37.5, 1e-9, 1234567.891];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const counts = [0, 1, 5, 12, 999, 2 ** 20, 2 ** 31 + 3, 2 ** 40 + 1, 2 ** 52 - 1, 2 ** 53 - 1];
    for (let i = 0; i < 3000; i++) {
      const pricing = ratio(`m${i}`, {
        modelRatio: ratios[next() % ratios.length],
        completionRatio: ratios[next() % ratios.length],
        groupRatio: ratios[next() % ratios.length],
        userDiscount: ratios[next() % ratios.length],
      });
      const prompt = i % 2 === 0 ? next() % 100_000 : counts[next() % counts.length];
      const completion = i % 3 === 0 ? next() % 100_000 : counts[next() % counts.length];
      const usage = { ...emptyUsage(), promptTokens: prompt, completionTokens: completion };
      expect(ratioQuota(pricing, usage).quota).toBe(referenceQuota(pricing, prompt, completion));
    }
  });
});

describe('fixedQuota', () => {
  it('bills price × QuotaPerUnit × group × discount × calls', () => {
    expect(fixedQuota(fixed(0.04), 500000).quota).toBe(20000);
    expect(fixedQuota(fixed(0.04), 500000, 2).quota).toBe(40000);
    expect(fixedQuota(fixed(0.04, 0.8), 500000).quota).toBe(16000);
    // $0.000001 × 500000 = 0.5 → 1
    expect(fixedQuota(fixed(0.000001), 500000).quota).toBe(1);
  });
});

describe('reserveEstimate', () => {
  it('reserves the larger of the prompt and the floor plus max tokens at the completion ratio', () => {
    // (max(100, 500) + 1000×4) × 1.25 = 5625
    expect(reserveEstimate(gpt4o, 100, 1000, 500, 500000)).toBe(5625);
    // (max(2000, 500) + 0) × 1.25 = 2500
    expect(reserveEstimate(gpt4o, 2000, 0, 500, 500000)).toBe(2500);
    expect(reserveEstimate(fixed(0.04), 100, 1000, 500, 500000)).toBe(20000);
    expect(reserveEstimate(ratio('free', { modelRatio: 0 }), 100, 100, 500, 500000)).toBe(0);
  });
});
