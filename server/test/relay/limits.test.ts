import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/test-context.js';
import { balancesOf, consumedQuota } from './relay-fixture.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

const chat = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] };
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe(`key and account limits on ${testDb}`, () => {
  let r: RelayTest;
  beforeAll(async () => {
    r = await startRelayTest();
    await r.channel({ models: ['gpt-4o-mini', 'gpt-4o', 'unpriced-model'] });
  });
  afterAll(() => r.cleanup());

  it('refuses a missing, unknown or disabled key', async () => {
    const none = await r.post('/v1/chat/completions', chat, {});
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('token_missing');
    const unknown = await r.post('/v1/chat/completions', chat, bearer('sk-' + 'x'.repeat(48)));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('token_invalid');
    const disabled = await r.newCaller(1_000_000, { status: 2 });
    const res = await r.post('/v1/chat/completions', chat, bearer(disabled.key));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('token_unavailable');
  });

  it('refuses an expired key', async () => {
    const expired = await r.newCaller(1_000_000, {
      expiredTime: Math.floor(Date.now() / 1000) - 60,
    });
    const res = await r.post('/v1/chat/completions', chat, bearer(expired.key));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('token_expired');
  });

  it('refuses a key without quota, then marks it exhausted', async () => {
    const empty = await r.newCaller(1_000_000, { unlimited: false, remainQuota: 0 });
    const res = await r.post('/v1/chat/completions', chat, bearer(empty.key));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'insufficient_token_quota',
      type: 'insufficient_quota',
    });
    for (
      let i = 0;
      i < 50 && (await balancesOf(r.ctx, empty.userId, empty.tokenId)).tokenStatus !== 4;
      i++
    ) {
      await new Promise((done) => setTimeout(done, 20));
    }
    const again = await r.post('/v1/chat/completions', chat, bearer(empty.key));
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('token_exhausted');
    // Nothing was taken from the user on the way.
    expect((await balancesOf(r.ctx, empty.userId)).quota).toBe(1_000_000);
  });

  it('refuses a user whose balance cannot cover the reservation', async () => {
    const poor = await r.newCaller(10);
    const res = await r.post('/v1/chat/completions', chat, bearer(poor.key));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('insufficient_user_quota');
    expect((await balancesOf(r.ctx, poor.userId)).quota).toBe(10);
  });

  it('applies the allowed and denied IP lists', async () => {
    const allowed = await r.newCaller(1_000_000, { allowIps: '10.0.0.0/8\n192.168.1.1' });
    const res = await r.post('/v1/chat/completions', chat, bearer(allowed.key));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('token_ip_denied');
    const denied = await r.newCaller(1_000_000, { denyIps: '127.0.0.0/8' });
    expect((await r.post('/v1/chat/completions', chat, bearer(denied.key))).statusCode).toBe(403);
    const fine = await r.newCaller(1_000_000, { allowIps: '127.0.0.1' });
    expect((await r.post('/v1/chat/completions', chat, bearer(fine.key))).statusCode).toBe(200);
  });

  it('applies the model restriction', async () => {
    const limited = await r.newCaller(1_000_000, { modelLimits: ['gpt-4o'] });
    const res = await r.post('/v1/chat/completions', chat, bearer(limited.key));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('token_model_denied');
    const ok = await r.post(
      '/v1/chat/completions',
      { ...chat, model: 'gpt-4o' },
      bearer(limited.key),
    );
    expect(ok.statusCode).toBe(200);
    const models = await r.app.inject({
      method: 'GET',
      url: '/v1/models',
      headers: bearer(limited.key),
    });
    expect(models.json().data.map((m: { id: string }) => m.id)).toEqual(['gpt-4o']);
  });

  it('applies the per-key rate limit with its own message', async () => {
    const limited = await r.newCaller(1_000_000, {
      rateLimit: {
        count: 2,
        windowSeconds: 60,
        message: 'Slow down, this key allows 2 per minute',
      },
    });
    for (let i = 0; i < 2; i++) {
      expect((await r.post('/v1/chat/completions', chat, bearer(limited.key))).statusCode).toBe(
        200,
      );
    }
    const res = await r.post('/v1/chat/completions', chat, bearer(limited.key));
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toContain('Slow down, this key allows 2 per minute');
    const plain = await r.newCaller(1_000_000, {
      rateLimit: { count: 1, windowSeconds: 60, message: '' },
    });
    await r.post('/v1/chat/completions', chat, bearer(plain.key));
    const second = await r.post('/v1/chat/completions', chat, bearer(plain.key));
    expect(second.statusCode).toBe(429);
    expect(second.json().error.code).toBe('token_rate_limited');
  });

  it('refuses a banned user', async () => {
    const banned = await r.newCaller(1_000_000, {}, { status: 2 });
    const res = await r.post('/v1/chat/completions', chat, bearer(banned.key));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('user_banned');
  });

  it('lets only admins pin a channel', async () => {
    const channel = await r.channel({ models: ['gpt-4o-mini'] });
    const res = await r.post('/v1/chat/completions', chat, bearer(`${r.key}-${channel}`));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('channel_pin_forbidden');
    const admin = await r.newCaller(1_000_000, {}, { role: 10 });
    const pinned = await r.post('/v1/chat/completions', chat, bearer(`${admin.key}-${channel}`));
    expect(pinned.statusCode).toBe(200);
  });

  it('answers in the Anthropic and Gemini error shapes', async () => {
    const anthropic = await r.post(
      '/v1/messages',
      { model: 'gpt-4o-mini', max_tokens: 5, messages: [] },
      {
        'x-api-key': 'sk-wrong',
      },
    );
    expect(anthropic.statusCode).toBe(401);
    expect(anthropic.json()).toMatchObject({
      type: 'error',
      error: { type: 'authentication_error' },
    });
    const gemini = await r.post(
      '/v1beta/models/gemini-2.5-flash:generateContent?key=sk-wrong',
      { contents: [] },
      {},
    );
    expect(gemini.statusCode).toBe(401);
    expect(gemini.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });

  it('refuses unpriced models, unrouted models and malformed requests clearly', async () => {
    const unpriced = await r.post('/v1/chat/completions', { ...chat, model: 'unpriced-model' });
    expect(unpriced.statusCode).toBe(400);
    expect(unpriced.json().error).toMatchObject({ code: 'model_price_unset' });
    expect(unpriced.json().error.message).toContain('unpriced-model');
    const unrouted = await r.post('/v1/chat/completions', { ...chat, model: 'gpt-4.1' });
    expect(unrouted.statusCode).toBe(503);
    expect(unrouted.json().error.code).toBe('no_available_channel');
    // Neither priced nor served: unknown, as the upstream would say, not a pricing problem.
    const unknown = await r.post('/v1/chat/completions', { ...chat, model: 'no-such-model-x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'model_not_found' });
    const noModel = await r.post('/v1/chat/completions', { messages: [] });
    expect(noModel.statusCode).toBe(400);
    expect(noModel.json().error.code).toBe('model_required');
    const broken = await r.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { ...bearer(r.key), 'content-type': 'application/json' },
      payload: '{"model": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.type).toBe('invalid_request_error');
    expect(broken.body).not.toContain('at ');
  });

  it('lets self-use mode price an unpriced model at the fallback ratio', async () => {
    await r.ctx.settings.set('SelfUseModeEnabled', 'true');
    const res = await r.post('/v1/chat/completions', { ...chat, model: 'unpriced-model' });
    expect(res.statusCode).toBe(200);
    await r.ctx.settings.set('SelfUseModeEnabled', 'false');
  });

  it('keeps balance moved equal to the sum of the logs', async () => {
    const b = await balancesOf(r.ctx, r.userId);
    expect(10_000_000 - b.quota).toBe(await consumedQuota(r.ctx, r.userId));
  });
});
