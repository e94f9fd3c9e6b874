import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/test-context.js';
import { balancesOf, consumedQuota, logsOf } from './relay-fixture.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

const chat = (extra: Record<string, unknown> = {}) => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'Hello there' }],
  ...extra,
});

describe(`model lists, billing endpoints and the playground on ${testDb}`, () => {
  let r: RelayTest;
  beforeAll(async () => {
    r = await startRelayTest();
    await r.channel({ models: ['gpt-4o-mini'] });
    await r.channel({ type: 14, models: ['claude-sonnet-4-5'] });
    await r.channel({ type: 24, models: ['gemini-2.5-flash'] });
    // Served, but without a price: a call would be refused, so it is not offered.
    await r.channel({ models: ['house-model-unpriced'] });
  });
  afterAll(() => r.cleanup());

  it('lists models in the format the client speaks', async () => {
    const auth = { authorization: `Bearer ${r.key}` };
    const openai = await r.app.inject({ method: 'GET', url: '/v1/models', headers: auth });
    expect(openai.json().object).toBe('list');
    expect(openai.json().data.map((m: { id: string }) => m.id)).toContain('claude-sonnet-4-5');
    const anthropic = await r.app.inject({
      method: 'GET',
      url: '/v1/models',
      headers: { 'x-api-key': r.key, 'anthropic-version': '2023-06-01' },
    });
    expect(anthropic.json().data[0].type).toBe('model');
    const gemini = await r.app.inject({ method: 'GET', url: `/v1beta/models?key=${r.key}` });
    expect(gemini.json().models.map((m: { name: string }) => m.name)).toContain(
      'models/gemini-2.5-flash',
    );
    const one = await r.app.inject({ method: 'GET', url: '/v1/models/gpt-4o-mini', headers: auth });
    expect(one.json()).toMatchObject({ id: 'gpt-4o-mini', object: 'model' });
    const missing = await r.app.inject({ method: 'GET', url: '/v1/models/nope', headers: auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('model_not_found');
    expect(openai.json().data.map((m: { id: string }) => m.id)).not.toContain(
      'house-model-unpriced',
    );
    const unpriced = await r.app.inject({
      method: 'GET',
      url: '/v1/models/house-model-unpriced',
      headers: auth,
    });
    expect(unpriced.statusCode).toBe(404);
  });

  it('answers the OpenAI billing endpoints from the balance', async () => {
    const auth = { authorization: `Bearer ${r.key}` };
    const before = await balancesOf(r.ctx, r.userId);
    const sub = await r.app.inject({
      method: 'GET',
      url: '/v1/dashboard/billing/subscription',
      headers: auth,
    });
    // The key is unlimited: the user's figures are shown... unless DisplayTokenStatEnabled.
    expect(sub.json()).toMatchObject({ object: 'billing_subscription', has_payment_method: true });
    await r.ctx.settings.set('DisplayTokenStatEnabled', 'false');
    const user = await r.app.inject({
      method: 'GET',
      url: '/dashboard/billing/subscription',
      headers: auth,
    });
    expect(user.json().hard_limit_usd).toBeCloseTo((before.quota + before.usedQuota) / 500000, 6);
    const usage = await r.app.inject({
      method: 'GET',
      url: '/dashboard/billing/usage',
      headers: auth,
    });
    expect(usage.json().total_usage).toBeCloseTo((before.usedQuota / 500000) * 100, 6);
    await r.ctx.settings.set('DisplayTokenStatEnabled', 'true');
  });

  it('answers unimplemented and unknown paths in OpenAI shape', async () => {
    const files = await r.app.inject({
      method: 'GET',
      url: '/v1/files',
      headers: { authorization: `Bearer ${r.key}` },
    });
    expect(files.statusCode).toBe(501);
    expect(files.json().error.code).toBe('api_not_implemented');
    const unknown = await r.post('/v1/unknown/thing', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toContain('Invalid URL');
  });

  it('bills the playground to the signed-in user by session', async () => {
    const session = await r.ctx.sessions.create(r.userId);
    const res = await r.app.inject({
      method: 'POST',
      url: '/pg/chat/completions',
      headers: { 'new-api-user': String(r.userId) },
      cookies: { session: r.app.signCookie(session) },
      payload: { ...chat(), group: 'default' },
    });
    expect(res.statusCode).toBe(200);
    expect(r.up.requests.at(-1)?.json).not.toHaveProperty('group');
    const log = (await logsOf(r.ctx, r.userId)).at(-1)!;
    expect(log).toMatchObject({ token_id: 0, type: 2 });
    const denied = await r.app.inject({
      method: 'POST',
      url: '/pg/chat/completions',
      payload: chat(),
    });
    expect(denied.statusCode).toBe(401);
  });
  it('applies the channel model mapping and logs it', async () => {
    await r.channel({ models: ['mapped-model'], modelMapping: { 'mapped-model': 'gpt-4o-mini' } });
    await r.ctx.settings.set('ModelPrice', JSON.stringify({ 'mapped-model': 0.001 }));
    const res = await r.post('/v1/chat/completions', chat({ model: 'mapped-model' }));
    expect(res.statusCode).toBe(200);
    expect(r.up.requests.at(-1)?.json).toMatchObject({ model: 'gpt-4o-mini' });
    const log = (await logsOf(r.ctx, r.userId)).at(-1)!;
    expect(log).toMatchObject({ model_name: 'mapped-model', quota: 500 });
    expect(JSON.parse(log.other)).toMatchObject({
      is_model_mapped: true,
      upstream_model_name: 'gpt-4o-mini',
      model_price: 0.001,
    });
  });
  it('answers CORS preflights and allows any origin on relay answers', async () => {
    const pre = await r.app.inject({
      method: 'OPTIONS',
      url: '/v1/chat/completions',
      headers: {
        origin: 'https://chat.example',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(pre.headers['access-control-allow-headers']).toBe('authorization');
    const res = await r.post('/v1/chat/completions', chat());
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const gemini = await r.app.inject({
      method: 'GET',
      url: `/v1beta/models/gemini-2.5-flash?key=${r.key}`,
    });
    expect(gemini.json()).toMatchObject({ name: 'models/gemini-2.5-flash' });
  });

  it('keeps balance moved equal to the sum of the logs', async () => {
    const b = await balancesOf(r.ctx, r.userId);
    expect(10_000_000 - b.quota).toBe(await consumedQuota(r.ctx, r.userId));
  });
});
