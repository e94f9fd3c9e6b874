import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { testDb } from '../helpers/test-context.js';
import { balancesOf, consumedQuota, logsOf, seedChannel } from './relay-fixture.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

const chat = (model: string) => ({ model, messages: [{ role: 'user', content: 'Hi' }] });

async function waitFor(check: () => Promise<boolean>, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe(`retries and automatic disabling on ${testDb}`, () => {
  let r: RelayTest;
  const ups: FakeUpstream[] = [];
  beforeAll(async () => {
    r = await startRelayTest();
    for (let i = 0; i < 3; i++) ups.push(await startFakeUpstream());
    await r.ctx.settings.set('RetryTimes', '5');
  });
  beforeEach(() => {
    for (const up of [r.up, ...ups]) up.reset();
  });
  afterAll(async () => {
    await r.cleanup();
    for (const up of ups) await up.close();
  });

  it('retries a failure on the next channel and bills the one that answered', async () => {
    const bad = await seedChannel(r.ctx, {
      baseUrl: ups[0].url,
      models: ['m-retry'],
      priority: 10,
    });
    const good = await seedChannel(r.ctx, {
      baseUrl: ups[1].url,
      models: ['m-retry'],
      priority: 0,
    });
    await r.ctx.settings.set(
      'ModelRatio',
      JSON.stringify({ 'm-retry': 1, 'm-never': 1, 'm-400': 1, 'm-401': 1, 'm-pin': 1 }),
    );
    ups[0].setBehaviour({ error: { status: 500, message: 'boom' } });
    const res = await r.post('/v1/chat/completions', chat('m-retry'));
    expect(res.statusCode).toBe(200);
    expect(ups[0].requests).toHaveLength(1);
    expect(ups[1].requests).toHaveLength(1);
    const log = (await logsOf(r.ctx, r.userId)).at(-1)!;
    expect(log.channel_id).toBe(good);
    expect(JSON.parse(log.other).use_channel).toEqual([bad, good]);
  });

  it('never tries the same channel twice and refunds when all fail', async () => {
    for (const up of ups) {
      up.setBehaviour({ error: { status: 503, message: 'overloaded' } });
      await seedChannel(r.ctx, { baseUrl: up.url, models: ['m-never'] });
    }
    const before = await balancesOf(r.ctx, r.userId);
    const res = await r.post('/v1/chat/completions', chat('m-never'));
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('overloaded');
    expect(ups.map((u) => u.requests.length)).toEqual([1, 1, 1]);
    const logs = await logsOf(r.ctx, r.userId);
    const error = logs.at(-1)!;
    expect(error).toMatchObject({ type: 5, quota: 0, model_name: 'm-never' });
    expect(JSON.parse(error.other).use_channel).toHaveLength(3);
    const after = await balancesOf(r.ctx, r.userId);
    expect(after.quota).toBe(before.quota);
  });

  it('does not retry a bad request', async () => {
    ups[0].setBehaviour({ error: { status: 400, message: 'bad input' } });
    await seedChannel(r.ctx, { baseUrl: ups[0].url, models: ['m-400'] });
    await seedChannel(r.ctx, { baseUrl: ups[1].url, models: ['m-400'] });
    // Whichever channel comes first must be the only one asked when it says 400.
    ups[1].setBehaviour({ error: { status: 400, message: 'bad input' } });
    const res = await r.post('/v1/chat/completions', chat('m-400'));
    expect(res.statusCode).toBe(400);
    expect(ups[0].requests.length + ups[1].requests.length).toBe(1);
  });

  it('disables a channel automatically on 401 and hides the upstream message', async () => {
    await r.ctx.settings.set('AutomaticDisableChannelEnabled', 'true');
    ups[2].setBehaviour({
      error: { status: 401, message: 'Incorrect API key provided: sk-abc***' },
    });
    const id = await seedChannel(r.ctx, { baseUrl: ups[2].url, models: ['m-401'] });
    const res = await r.post('/v1/chat/completions', chat('m-401'));
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('upstream_auth_failed');
    expect(res.body).not.toContain('sk-abc');
    await waitFor(async () => {
      const row = await r.ctx.db
        .selectFrom('channels')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.status === 3;
    });
    const next = await r.post('/v1/chat/completions', chat('m-401'));
    expect(next.statusCode).toBe(503);
    expect(next.json().error.code).toBe('no_available_channel');
    await r.ctx.settings.set('AutomaticDisableChannelEnabled', 'false');
  });

  it('does not retry a pinned channel', async () => {
    const admin = await r.newCaller(10_000_000, {}, { role: 100 });
    ups[0].setBehaviour({ error: { status: 500, message: 'boom' } });
    const pinned = await seedChannel(r.ctx, { baseUrl: ups[0].url, models: ['m-pin'] });
    await seedChannel(r.ctx, { baseUrl: ups[1].url, models: ['m-pin'] });
    const res = await r.post('/v1/chat/completions', chat('m-pin'), {
      authorization: `Bearer ${admin.key}-${pinned}`,
    });
    expect(res.statusCode).toBe(500);
    expect(ups[0].requests).toHaveLength(1);
    expect(ups[1].requests).toHaveLength(0);
  });

  it('keeps balance moved equal to the sum of the logs', async () => {
    const b = await balancesOf(r.ctx, r.userId);
    expect(10_000_000 - b.quota).toBe(await consumedQuota(r.ctx, r.userId));
  });
});
