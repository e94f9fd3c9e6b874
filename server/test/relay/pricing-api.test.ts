import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultModelRatio } from '../../src/config/settings/default-prices.js';
import { modelRatio } from '../../src/config/settings/groups/billing.js';
import { testDb } from '../helpers/test-context.js';
import { seedUser } from './relay-fixture.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

describe(`pricing API on ${testDb}`, () => {
  let r: RelayTest;
  const signedIn = async (userId: number) => ({
    headers: { 'new-api-user': String(userId) },
    cookies: { session: r.app.signCookie(await r.ctx.sessions.create(userId)) },
  });
  beforeAll(async () => {
    r = await startRelayTest();
    await r.channel({ models: ['gpt-4o-mini', 'dall-e-3', 'not-priced'] });
    await r.channel({ type: 14, models: ['claude-haiku-4-5'], group: 'default,vip' });
  });
  afterAll(() => r.cleanup());

  it('lists priced models with their ratios, groups and formats', async () => {
    const res = await r.app.inject({ method: 'GET', url: '/api/pricing' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const byName = Object.fromEntries(
      body.data.map((m: { model_name: string }) => [m.model_name, m]),
    );
    expect(byName['gpt-4o-mini']).toMatchObject({
      quota_type: 0,
      model_ratio: 0.075,
      completion_ratio: 4,
      cache_ratio: 0.5,
      enable_groups: ['default'],
      supported_endpoint_types: ['openai'],
    });
    expect(byName['dall-e-3']).toMatchObject({ quota_type: 1, model_price: 0.04 });
    expect(byName['claude-haiku-4-5'].enable_groups).toEqual(['default', 'vip']);
    expect(byName['not-priced']).toBeUndefined();
    expect(body.group_ratio).toEqual({ default: 1, vip: 1 });
    expect(Object.keys(body.usable_group)).toEqual(['default', 'vip']);
  });

  it('applies the signed-in user group overrides', async () => {
    await r.ctx.settings.set('GroupGroupRatio', JSON.stringify({ svip: { vip: 0.6 } }));
    const svip = await seedUser(r.ctx, { group: 'svip' });
    const res = await r.app.inject({
      method: 'GET',
      url: '/api/pricing',
      ...(await signedIn(svip)),
    });
    expect(res.json().group_ratio).toMatchObject({ vip: 0.6, svip: 1 });
  });

  it('resets model prices to the defaults for root only', async () => {
    await r.ctx.settings.set('ModelRatio', JSON.stringify({ custom: 1 }));
    const user = await seedUser(r.ctx, { role: 1 });
    const denied = await r.app.inject({
      method: 'POST',
      url: '/api/option/rest_model_ratio',
      ...(await signedIn(user)),
    });
    expect(denied.json().success).toBe(false);
    expect(r.ctx.settings.get(modelRatio)).toEqual({ custom: 1 });
    const root = await seedUser(r.ctx, { role: 100 });
    const res = await r.app.inject({
      method: 'POST',
      url: '/api/option/rest_model_ratio',
      ...(await signedIn(root)),
    });
    expect(res.json()).toMatchObject({ success: true });
    expect(r.ctx.settings.get(modelRatio)).toEqual(defaultModelRatio);
  });
});
