import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodStart } from '../../src/lib/budget-period.js';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import {
  createIsolatedDb,
  createTestApp,
  testDb,
  testRedis,
  type IsolatedDb,
  type TestApp,
} from '../helpers/test-context.js';
import { until } from '../tokens/console-helpers.js';
import { seedChannel, seedToken, seedUser } from './relay-fixture.js';

/** `budget-model` costs a fixed $0.001 a call: 500 quota, held and charged exactly. */
const perCall = 500;
const chat = { model: 'budget-model', messages: [{ role: 'user', content: 'Hi' }] };

const post = (app: FastifyInstance, key: string) =>
  app.inject({
    method: 'POST',
    url: '/v1/chat/completions',
    headers: { authorization: `Bearer ${key}` },
    payload: chat,
  });

async function prepare(t: TestApp, up: FakeUpstream): Promise<void> {
  await t.ctx.settings.set('ModelPrice', JSON.stringify({ 'budget-model': 0.001 }));
  await seedChannel(t.ctx, { baseUrl: up.url, models: ['budget-model'] });
}

describe(`budgets with reset periods on ${testDb}`, () => {
  let t: TestApp;
  let up: FakeUpstream;

  beforeAll(async () => {
    t = await createTestApp();
    up = await startFakeUpstream();
    up.setBehaviour({ latencyMs: 20 });
    await prepare(t, up);
  });
  afterAll(async () => {
    await t?.cleanup();
    await up?.close();
  });

  async function keyWithBudget(period: string, quota: number, on: 'token' | 'user') {
    const userId = await seedUser(t.ctx, { quota: 1_000_000_000 });
    const { id, key } = await seedToken(t.ctx, userId);
    const table = on === 'token' ? 'tokens' : 'users';
    await t.ctx.db
      .updateTable(table)
      .set({ budget_period: period, budget_quota: quota })
      .where('id', '=', on === 'token' ? id : userId)
      .execute();
    if (on === 'token') await t.ctx.tokens.invalidate([id]);
    else await t.ctx.users.invalidate(userId);
    return { userId, tokenId: id, key };
  }

  it("never lets 50 concurrent requests overshoot a key's daily budget", async () => {
    const { key, tokenId } = await keyWithBudget('day', 4 * perCall, 'token');
    const responses = await Promise.all(Array.from({ length: 50 }, () => post(t.app, key)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(4);
    expect(codes.filter((c) => c === 403)).toHaveLength(46);
    const refused = responses.find((r) => r.statusCode === 403)!;
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('token_budget_exhausted');
    await t.ctx.billing.flush();
    const row = await t.ctx.db
      .selectFrom('tokens')
      .select(['budget_used', 'budget_start'])
      .where('id', '=', tokenId)
      .executeTakeFirstOrThrow();
    expect(Number(row.budget_used)).toBe(4 * perCall);
    expect(Number(row.budget_start)).toBe(periodStart('day', Date.now(), 'UTC'));
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it("holds a user's weekly budget over all their keys, and gives back what failed", async () => {
    const { key, userId } = await keyWithBudget('week', 3 * perCall, 'user');
    const second = (await seedToken(t.ctx, userId)).key;
    up.setBehaviour({ error: { status: 500, message: 'boom', times: 1 } });
    expect((await post(t.app, key)).statusCode).toBe(500);
    // A refund commits with the next batch (at once on SQLite, within ~25 ms elsewhere).
    await t.ctx.billing.flush();
    up.setBehaviour({ latencyMs: 20 });
    const codes = (
      await Promise.all(Array.from({ length: 20 }, (_, i) => post(t.app, i % 2 ? key : second)))
    ).map((r) => r.statusCode);
    // The failed request's hold came back: three calls fit, not two.
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    const refused = await post(t.app, key);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('user_budget_exhausted');
  });

  it('starts again when a new period begins, in the operator time zone', async () => {
    const { key, tokenId } = await keyWithBudget('day', perCall, 'token');
    expect((await post(t.app, key)).statusCode).toBe(200);
    expect((await post(t.app, key)).statusCode).toBe(403);
    // Yesterday's count: as if the day had turned since.
    await t.ctx.billing.flush();
    await t.ctx.db
      .updateTable('tokens')
      .set((eb) => ({ budget_start: eb('budget_start', '-', 86_400) }))
      .where('id', '=', tokenId)
      .execute();
    // With Redis the budget is checked against a mirror of the row, which a write outside the
    // ledger reaches once a refusal finds the mirror older than a second.
    await until(async () => (await post(t.app, key)).statusCode === 200, 3000);
    const item = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(item.statusCode).toBe(200);
  });

  it('tells the owner once per period when the alert threshold is passed', async () => {
    await t.ctx.settings.set('BudgetAlertPercent', '50');
    const { key, userId, tokenId } = await keyWithBudget('month', 4 * perCall, 'token');
    await t.ctx.db
      .insertInto('notification_prefs')
      .values({
        user_id: userId,
        method: 'webhook',
        events: JSON.stringify(['budget']),
        warning_quota: 0,
        config: JSON.stringify({ webhook_url: 'http://127.0.0.1:9/hook' }),
        updated_at: 0,
      })
      .execute();
    for (let i = 0; i < 4; i++) expect((await post(t.app, key)).statusCode).toBe(200);
    await t.ctx.billing.flush();
    const budgetRows = async () =>
      t.ctx.db
        .selectFrom('notifications')
        .select(['event', 'title'])
        .where('user_id', '=', userId)
        .where('event', '=', 'budget')
        .execute();
    await until(async () => (await budgetRows()).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = await budgetRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.title).toContain('50%');
    const token = await t.ctx.db
      .selectFrom('tokens')
      .select(['budget_alerted', 'budget_start'])
      .where('id', '=', tokenId)
      .executeTakeFirstOrThrow();
    expect(Number(token.budget_alerted)).toBe(Number(token.budget_start));
    await t.ctx.settings.set('BudgetAlertPercent', '80');
  });

  it('refuses a time zone it does not know', async () => {
    await expect(t.ctx.settings.set('BudgetTimeZone', 'Mars/Olympus')).rejects.toThrow();
    await t.ctx.settings.set('BudgetTimeZone', 'Asia/Shanghai');
    await t.ctx.settings.set('BudgetTimeZone', 'UTC');
  });
});

describe.skipIf(!testRedis)('a budget over two instances (Redis)', () => {
  let isolated: IsolatedDb;
  let a: TestApp;
  let b: TestApp;
  let up: FakeUpstream;

  beforeAll(async () => {
    isolated = await createIsolatedDb();
    a = await createTestApp({ reuse: isolated });
    b = await createTestApp({ reuse: isolated });
    up = await startFakeUpstream();
    up.setBehaviour({ latencyMs: 20 });
    await prepare(a, up);
    await b.ctx.channels.refresh();
  });
  afterAll(async () => {
    await a?.cleanup();
    await b?.cleanup();
    await isolated?.drop();
    await up?.close();
  });

  it('lets exactly the budget through, whichever instance serves', async () => {
    const userId = await seedUser(a.ctx, { quota: 1_000_000_000 });
    const { id, key } = await seedToken(a.ctx, userId);
    await a.ctx.db
      .updateTable('tokens')
      .set({ budget_period: 'month', budget_quota: 5 * perCall })
      .where('id', '=', id)
      .execute();
    await a.ctx.tokens.invalidate([id]);
    await b.ctx.tokens.invalidate([id]);
    const codes = (
      await Promise.all(Array.from({ length: 60 }, (_, i) => post(i % 2 ? a.app : b.app, key)))
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
  });
});
