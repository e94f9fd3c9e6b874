import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/test-context.js';
import { logsOf, seedChannel } from './relay-fixture.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

describe(`tiered and conditional prices on ${testDb}`, () => {
  let r: RelayTest;

  beforeAll(async () => {
    r = await startRelayTest();
    await r.ctx.settings.set('ModelRatio', JSON.stringify({ 'tier-model': 1 }));
    await r.ctx.settings.set('CompletionRatio', JSON.stringify({ 'tier-model': 4 }));
    await r.ctx.settings.set(
      'ModelPriceTiers',
      JSON.stringify({
        'tier-model': [
          { min_prompt_tokens: 1000, model_ratio: 2, completion_ratio: 3 },
          { min_prompt_tokens: 5000, model_ratio: 3 },
          { field: 'service_tier', equals: 'flex', model_price: 0.01 },
        ],
      }),
    );
    await seedChannel(r.ctx, { baseUrl: r.up.url, models: ['tier-model'] });
  });
  afterAll(async () => {
    await r?.cleanup();
  });

  /** Sends one chat answered with `prompt` prompt and 10 completion tokens; its log. */
  async function billed(prompt: number, extra: Record<string, unknown> = {}) {
    r.up.setBehaviour({ usage: { promptTokens: prompt, completionTokens: 10 } });
    const res = await r.post('/v1/chat/completions', {
      model: 'tier-model',
      messages: [{ role: 'user', content: 'Hi' }],
      ...extra,
    });
    expect(res.statusCode).toBe(200);
    await r.ctx.billing.flush();
    const log = (await logsOf(r.ctx, r.userId)).at(-1)!;
    return { quota: log.quota, other: JSON.parse(log.other) as Record<string, unknown> };
  }

  it('prices each side of a prompt-length boundary exactly', async () => {
    // Below the first tier: (999 + 10 × 4) × 1.
    expect(await billed(999)).toMatchObject({ quota: 1039 });
    expect((await billed(999)).other).not.toHaveProperty('price_tier');
    // At the boundary the tier applies: (1000 + 10 × 3) × 2.
    const at = await billed(1000);
    expect(at.quota).toBe(2060);
    expect(at.other).toMatchObject({ price_tier: 'prompt ≥ 1000', model_ratio: 2 });
    // The highest tier reached wins, its unset ratios stay the model's: (5000 + 10 × 4) × 3.
    const high = await billed(5000);
    expect(high.quota).toBe(15_120);
    expect(high.other).toMatchObject({ price_tier: 'prompt ≥ 5000', completion_ratio: 4 });
  });

  it('charges the per-call price of a request field tier', async () => {
    const flex = await billed(20_000, { service_tier: 'flex' });
    // $0.01 per call × 500,000 quota per unit, whatever the tokens.
    expect(flex.quota).toBe(5000);
    expect(flex.other).toMatchObject({ price_tier: 'service_tier = flex', model_price: 0.01 });
  });

  it('lists the tiers on the pricing page', async () => {
    const res = await r.app.inject({ method: 'GET', url: '/api/pricing' });
    const item = res
      .json<{ data: Array<{ model_name: string; price_tiers?: unknown[] }> }>()
      .data.find((m) => m.model_name === 'tier-model')!;
    expect(item.price_tiers).toEqual([
      { label: 'prompt ≥ 1000', min_prompt_tokens: 1000, model_ratio: 2, completion_ratio: 3 },
      { label: 'prompt ≥ 5000', min_prompt_tokens: 5000, model_ratio: 3 },
      { label: 'service_tier = flex', field: 'service_tier', equals: 'flex', model_price: 0.01 },
    ]);
  });

  it('refuses a tier of unknown shape', async () => {
    await expect(
      r.ctx.settings.set('ModelPriceTiers', JSON.stringify({ m: [{ above: 5 }] })),
    ).rejects.toThrow();
  });
});
