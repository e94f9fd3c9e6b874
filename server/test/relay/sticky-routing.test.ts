import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { testDb } from '../helpers/test-context.js';
import { logsOf, seedChannel } from './relay-fixture.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

/** A Claude Code request: its session travels in `metadata.user_id`. */
const claudeCode = (session: string) => ({
  model: 'sticky-model',
  max_tokens: 64,
  metadata: { user_id: `user_abc_account__session_${session}` },
  messages: [{ role: 'user', content: 'Refactor this function' }],
});

describe(`sticky routing on ${testDb}`, () => {
  let r: RelayTest;
  let left: FakeUpstream;
  let right: FakeUpstream;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    r = await startRelayTest();
    left = await startFakeUpstream();
    right = await startFakeUpstream();
    await r.ctx.settings.set('ModelRatio', JSON.stringify({ 'sticky-model': 1 }));
    ids.left = await seedChannel(r.ctx, { baseUrl: left.url, models: ['sticky-model'] });
    ids.right = await seedChannel(r.ctx, { baseUrl: right.url, models: ['sticky-model'] });
  });
  beforeEach(async () => {
    left.reset();
    right.reset();
    await r.ctx.settings.set('StickyRoutingEnabled', 'true');
  });
  afterAll(async () => {
    await r.cleanup();
    await left?.close();
    await right?.close();
  });

  const messages = (body: unknown) =>
    r.post('/v1/messages', body, {
      'x-api-key': r.key.slice(3),
      'anthropic-version': '2023-06-01',
    });

  it('keeps a Claude Code session on one channel and logs the hits', async () => {
    for (let i = 0; i < 20; i++) expect((await messages(claudeCode('s-one'))).statusCode).toBe(200);
    const counts = [left.requests.length, right.requests.length].sort();
    expect(counts).toEqual([0, 20]);
    await r.ctx.billing.flush();
    const marks = (await logsOf(r.ctx, r.userId))
      .slice(-20)
      .map((log) => (JSON.parse(log.other) as { sticky?: string }).sticky);
    expect(marks).toEqual(['miss', ...Array(19).fill('hit')]);
  });

  it('spreads different sessions over both channels', async () => {
    for (let i = 0; i < 40; i++) await messages(claudeCode(`s-many-${i}`));
    expect(left.requests.length).toBeGreaterThan(0);
    expect(right.requests.length).toBeGreaterThan(0);
    expect(left.requests.length + right.requests.length).toBe(40);
  });

  it('keeps a Codex session by its session_id header on /v1/responses', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await r.post(
        '/v1/responses',
        { model: 'sticky-model', input: 'hello' },
        { authorization: `Bearer ${r.key}`, session_id: 'codex-session-1' },
      );
      expect(res.statusCode).toBe(200);
    }
    expect([left.requests.length, right.requests.length].sort()).toEqual([0, 10]);
  });

  it('moves a session when its channel is gone, then stays on the new one', async () => {
    await messages(claudeCode('s-move'));
    const first = left.requests.length === 1 ? 'left' : 'right';
    const other = first === 'left' ? 'right' : 'left';
    await r.ctx.db
      .updateTable('channels')
      .set({ status: 2 })
      .where('id', '=', ids[first]!)
      .execute();
    await r.ctx.channels.refresh();
    try {
      for (let i = 0; i < 5; i++) await messages(claudeCode('s-move'));
      const upstreams = { left, right };
      expect(upstreams[other].requests).toHaveLength(5);
    } finally {
      await r.ctx.db
        .updateTable('channels')
        .set({ status: 1 })
        .where('id', '=', ids[first]!)
        .execute();
      await r.ctx.channels.refresh();
    }
    left.reset();
    right.reset();
    // Back in rotation, the old channel does not take the session back.
    for (let i = 0; i < 5; i++) await messages(claudeCode('s-move'));
    expect({ left, right }[other].requests).toHaveLength(5);
  });

  it('does nothing while switched off', async () => {
    await r.ctx.settings.set('StickyRoutingEnabled', 'false');
    for (let i = 0; i < 30; i++) await messages(claudeCode('s-off'));
    expect(left.requests.length).toBeGreaterThan(0);
    expect(right.requests.length).toBeGreaterThan(0);
    await r.ctx.billing.flush();
    const last = (await logsOf(r.ctx, r.userId)).at(-1)!;
    expect(JSON.parse(last.other)).not.toHaveProperty('sticky');
  });

  it('refuses a rule with neither a header nor a body field', async () => {
    await expect(
      r.ctx.settings.set('StickyRoutingRules', JSON.stringify([{ name: 'x', ttl_seconds: 60 }])),
    ).rejects.toThrow();
  });
});
