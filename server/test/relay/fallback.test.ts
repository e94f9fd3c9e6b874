import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { testDb } from '../helpers/test-context.js';
import { randomAlphanumeric } from '../../src/lib/random.js';
import { logsOf, seedChannel } from './relay-fixture.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

const chat = (model: string) => ({ model, messages: [{ role: 'user', content: 'Hi' }] });

/** The models each fake upstream was asked for, in order. */
const askedModels = (up: FakeUpstream) =>
  up.requests.map((q) => (q.json as { model?: string }).model);

describe(`model fallback on ${testDb}`, () => {
  let r: RelayTest;
  let premium: FakeUpstream;
  let cheap: FakeUpstream;
  let spare: FakeUpstream;
  const channels: Record<string, number> = {};

  beforeAll(async () => {
    r = await startRelayTest();
    premium = await startFakeUpstream();
    cheap = await startFakeUpstream();
    spare = await startFakeUpstream();
    await r.ctx.settings.set('RetryTimes', '0');
    await r.ctx.settings.set(
      'ModelRatio',
      JSON.stringify({ 'fb-large': 5, 'fb-small': 0.5, 'fb-ghost': 1, 'fb-spare': 1 }),
    );
    await r.ctx.settings.set('CompletionRatio', JSON.stringify({}));
    channels.large = await seedChannel(r.ctx, { baseUrl: premium.url, models: ['fb-large'] });
    channels.small = await seedChannel(r.ctx, { baseUrl: cheap.url, models: ['fb-small'] });
    channels.spare = await seedChannel(r.ctx, { baseUrl: spare.url, models: ['fb-spare'] });
  });
  beforeEach(async () => {
    for (const up of [premium, cheap, spare]) up.reset();
    await r.ctx.settings.set('ModelFallbacks', '{}');
  });
  afterAll(async () => {
    await r.cleanup();
    for (const up of [premium, cheap, spare]) await up?.close();
  });

  it('answers with nothing but the error when root set no fallback', async () => {
    premium.setBehaviour({ error: { status: 503, message: 'overloaded' } });
    const res = await r.post('/v1/chat/completions', chat('fb-large'));
    expect(res.statusCode).toBe(503);
    expect(cheap.requests).toHaveLength(0);
  });

  it('falls back in the order set, logs it and bills the model that answered', async () => {
    await r.ctx.settings.set(
      'ModelFallbacks',
      JSON.stringify({ 'fb-large': ['fb-ghost', 'fb-small', 'fb-spare'] }),
    );
    premium.setBehaviour({ error: { status: 503, message: 'overloaded' } });
    cheap.setBehaviour({ usage: { promptTokens: 1000, completionTokens: 0 } });
    const res = await r.post('/v1/chat/completions', chat('fb-large'));
    expect(res.statusCode).toBe(200);
    // fb-ghost has no channel: skipped; fb-small answers; fb-spare is never asked.
    expect(askedModels(premium)).toEqual(['fb-large']);
    expect(askedModels(cheap)).toEqual(['fb-small']);
    expect(spare.requests).toHaveLength(0);
    await r.ctx.billing.flush();
    const log = (await logsOf(r.ctx, r.userId)).at(-1)!;
    expect(log.model_name).toBe('fb-small');
    expect(log.channel_id).toBe(channels.small);
    const other = JSON.parse(log.other) as Record<string, unknown>;
    expect(other.fallback_from).toBe('fb-large');
    expect(other.model_ratio).toBe(0.5);
    expect(other.use_channel).toEqual([channels.large, channels.small]);
    // 1000 prompt tokens at ratio 0.5 (group 1): 500, not fb-large's 5000.
    expect(log.quota).toBe(500);
    expect(await auditLedger(r.ctx)).toEqual([]);
  });

  it('does not fall back on a failure another channel would repeat', async () => {
    await r.ctx.settings.set('ModelFallbacks', JSON.stringify({ 'fb-large': ['fb-small'] }));
    premium.setBehaviour({ error: { status: 400, message: 'bad request' } });
    const res = await r.post('/v1/chat/completions', chat('fb-large'));
    expect(res.statusCode).toBe(400);
    expect(cheap.requests).toHaveLength(0);
  });

  it('refuses a fallback list that names the model itself', async () => {
    await expect(
      r.ctx.settings.set('ModelFallbacks', JSON.stringify({ 'fb-large': ['fb-large'] })),
    ).rejects.toThrow();
  });

  it("tries the key's fallback groups in order and bills at the group that served", async () => {
    await r.ctx.settings.set('GroupRatio', JSON.stringify({ default: 1, vip: 2, svip: 3 }));
    const vipChannel = await seedChannel(r.ctx, {
      baseUrl: cheap.url,
      models: ['fb-large'],
      group: 'vip',
    });
    await seedChannel(r.ctx, { baseUrl: spare.url, models: ['fb-large'], group: 'svip' });
    const caller = await r.newCaller();
    await r.ctx.db
      .updateTable('tokens')
      .set({ fallback_groups: 'svip,vip' })
      .where('id', '=', caller.tokenId)
      .execute();
    await r.ctx.tokens.invalidate([caller.tokenId]);
    premium.setBehaviour({ error: { status: 503, message: 'overloaded' } });
    cheap.setBehaviour({ usage: { promptTokens: 1000, completionTokens: 0 } });
    const res = await r.post('/v1/chat/completions', chat('fb-large'), {
      authorization: `Bearer ${caller.key}`,
    });
    expect(res.statusCode).toBe(200);
    // svip is not a group this user may use (UserUsableGroups: default, vip): skipped.
    expect(spare.requests).toHaveLength(0);
    expect(askedModels(cheap)).toEqual(['fb-large']);
    await r.ctx.billing.flush();
    const log = (await logsOf(r.ctx, caller.userId)).at(-1)!;
    expect(log.group).toBe('vip');
    expect(log.channel_id).toBe(vipChannel);
    // 1000 prompt tokens at ratio 5, group vip ×2.
    expect(log.quota).toBe(10_000);
    expect(JSON.parse(log.other)).toMatchObject({ fallback_group_from: 'default', group_ratio: 2 });
    expect(await auditLedger(r.ctx)).toEqual([]);
  });

  it('refuses to save a fallback group the user may not use', async () => {
    const owner = await r.newCaller();
    const token = randomAlphanumeric(32);
    await r.ctx.db
      .updateTable('users')
      .set({ access_token: token })
      .where('id', '=', owner.userId)
      .execute();
    const res = await r.app.inject({
      method: 'PUT',
      url: '/api/token/',
      headers: { authorization: token, 'new-api-user': String(owner.userId) },
      payload: { id: owner.tokenId, fallback_groups: 'vip,svip' },
    });
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json<{ message: string }>().message).toContain('svip');
  });
});
