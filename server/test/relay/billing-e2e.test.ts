import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completeSetup } from '../accounts/accounts-helpers.js';
import { testDb } from '../helpers/test-context.js';
import { balancesOf, consumedQuota, logsOf } from './relay-fixture.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

const ask = (model: string, extra: Record<string, unknown> = {}) => ({
  model,
  messages: [{ role: 'user', content: 'Hi' }],
  ...extra,
});

describe(`billing end to end on ${testDb}`, () => {
  let r: RelayTest;
  beforeAll(async () => {
    r = await startRelayTest();
    await r.channel({ models: ['gpt-4o', 'dall-e-3', 'm-big'] });
    await r.channel({ type: 14, models: ['claude-sonnet-4-5'] });
    await r.channel({ models: ['gpt-4o'], group: 'vip' });
    const ratios = {
      ...(await import('../../src/config/settings/default-prices.js')).defaultModelRatio,
      'm-big': 1,
    };
    await r.ctx.settings.set('ModelRatio', JSON.stringify(ratios));
  });
  beforeEach(() => r.up.reset());
  afterAll(() => r.cleanup());

  const last = async (userId = r.userId) => (await logsOf(r.ctx, userId)).at(-1)!;

  it('bills OpenAI cached prompt tokens at the cache ratio', async () => {
    r.up.setBehaviour({ usage: { promptTokens: 600, cachedTokens: 400, completionTokens: 200 } });
    await r.post('/v1/chat/completions', ask('gpt-4o'));
    // 1.25 × (600 + 400 × 0.5 + 200 × 4) = 2000
    const log = await last();
    expect(log).toMatchObject({ quota: 2000, prompt_tokens: 1000, completion_tokens: 200 });
    expect(JSON.parse(log.other)).toMatchObject({
      cache_tokens: 400,
      cache_ratio: 0.5,
      text_input: 600,
    });
  });

  it('bills Anthropic cache reads and writes (input excludes the cache)', async () => {
    r.up.setBehaviour({
      usage: {
        promptTokens: 100,
        cachedTokens: 2000,
        cacheWriteTokens: 1000,
        completionTokens: 300,
      },
    });
    const res = await r.post(
      '/v1/messages',
      { model: 'claude-sonnet-4-5', max_tokens: 400, messages: [{ role: 'user', content: 'Hi' }] },
      { 'x-api-key': r.key, 'anthropic-version': '2023-06-01' },
    );
    expect(res.statusCode).toBe(200);
    // 1.5 × (100 + 2000 × 0.1 + 1000 × 1.25 + 300 × 5) = 4575
    const log = await last();
    expect(log).toMatchObject({ quota: 4575, prompt_tokens: 3100, completion_tokens: 300 });
    expect(JSON.parse(log.other)).toMatchObject({
      cache_tokens: 2000,
      cache_creation_tokens: 1000,
    });
  });

  it('bills a fixed price per call', async () => {
    await r.post('/v1/images/generations', { model: 'dall-e-3', prompt: 'x' });
    expect((await last()).quota).toBe(20000);
  });

  it('applies the group ratio and the per-user-group override', async () => {
    await r.ctx.settings.set('GroupRatio', JSON.stringify({ default: 1, vip: 0.5 }));
    const vip = await r.newCaller(10_000_000, {}, { group: 'vip' });
    r.up.setBehaviour({ usage: { promptTokens: 1000, completionTokens: 100 } });
    await r.post('/v1/chat/completions', ask('gpt-4o'), { authorization: `Bearer ${vip.key}` });
    // 0.5 × 1.25 × (1000 + 100 × 4) = 875
    expect((await last(vip.userId)).quota).toBe(875);
    await r.ctx.settings.set('GroupGroupRatio', JSON.stringify({ vip: { vip: 0.2 } }));
    await r.post('/v1/chat/completions', ask('gpt-4o'), { authorization: `Bearer ${vip.key}` });
    // 0.2 × 1.25 × 1400 = 350
    const log = await last(vip.userId);
    expect(log.quota).toBe(350);
    expect(log.group).toBe('vip');
    expect(JSON.parse(log.other).group_ratio).toBe(0.2);
    await r.ctx.settings.set('GroupGroupRatio', '{}');
  });

  it('charges beyond the reservation down to zero, never below, and records the shortfall', async () => {
    const tight = await r.newCaller(600);
    r.up.setBehaviour({ usage: { promptTokens: 11, completionTokens: 5000 } });
    const res = await r.post('/v1/chat/completions', ask('m-big', { max_tokens: 10 }), {
      authorization: `Bearer ${tight.key}`,
    });
    expect(res.statusCode).toBe(200);
    const log = await last(tight.userId);
    // Cost 5011 but only 600 was left: all of it is taken and the rest recorded.
    expect(log.quota).toBe(600);
    expect(JSON.parse(log.other).shortfall).toBe(4411);
    const b = await balancesOf(r.ctx, tight.userId);
    expect(b).toMatchObject({ quota: 0, usedQuota: 600, requestCount: 1 });
  });

  it('charges a limited key and its owner alike, and refunds the unused reservation', async () => {
    const keyed = await r.newCaller(1_000_000, { unlimited: false, remainQuota: 100_000 });
    r.up.setBehaviour({ usage: { promptTokens: 100, completionTokens: 100 } });
    await r.post('/v1/chat/completions', ask('gpt-4o', { max_tokens: 2000 }), {
      authorization: `Bearer ${keyed.key}`,
    });
    // 1.25 × (100 + 400) = 625
    const b = await balancesOf(r.ctx, keyed.userId, keyed.tokenId);
    expect(b).toMatchObject({ quota: 1_000_000 - 625, tokenRemain: 100_000 - 625, tokenUsed: 625 });
    expect(await r.ctx.db.selectFrom('reservations').selectAll().execute()).toEqual([]);
  });

  it('shows a delivered answer at once to the account routes and the billing endpoints', async () => {
    await completeSetup(r.app);
    const caller = await r.newCaller(1_000_000);
    const token = `t${caller.userId}x${Date.now()}`;
    await r.ctx.db
      .updateTable('users')
      .set({ access_token: token })
      .where('id', '=', caller.userId)
      .execute();
    const asUser = { authorization: token, 'new-api-user': String(caller.userId) };
    r.up.setBehaviour({ usage: { promptTokens: 100, completionTokens: 100 } });
    const res = await r.post('/v1/chat/completions', ask('gpt-4o'), {
      authorization: `Bearer ${caller.key}`,
    });
    expect(res.statusCode).toBe(200);
    const requestId = res.headers['x-oneapi-request-id'];
    // No flush: what a client reads right after its answer includes that answer.
    const usage = await r.app.inject({
      method: 'GET',
      url: '/v1/dashboard/billing/usage',
      headers: { authorization: `Bearer ${caller.key}` },
    });
    expect(usage.json()).toMatchObject({ total_usage: expect.any(Number) });
    expect(usage.json().total_usage).toBeGreaterThan(0);
    const self = await r.app.inject({ method: 'GET', url: '/api/user/self', headers: asUser });
    expect(self.json().data).toMatchObject({ quota: 1_000_000 - 625, used_quota: 625 });
    const logs = await r.app.inject({
      method: 'GET',
      url: '/api/log/self?p=1&page_size=10',
      headers: asUser,
    });
    expect(logs.json().data.items).toEqual([
      expect.objectContaining({ quota: 625, request_id: requestId }),
    ]);
  });

  it('keeps balance moved equal to the sum of the logs', async () => {
    const b = await balancesOf(r.ctx, r.userId);
    expect(10_000_000 - b.quota).toBe(await consumedQuota(r.ctx, r.userId));
  });
});
