import { auditLedger } from '../helpers/ledger-audit.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveQuota } from '../../src/billing/kysely-money.js';
import { instanceKey } from '../../src/billing/reconcile.js';
import {
  createIsolatedDb,
  createTestContext,
  testDb,
  type IsolatedDb,
} from '../helpers/test-context.js';
import { balancesOf, consumedQuota, logsOf, seedToken, seedUser } from './relay-fixture.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

/** $0.001 per call = 500 quota: the reservation equals the cost, so the race is exact. */
const price = 500;

describe(`overdraft race on ${testDb}`, () => {
  let r: RelayTest;
  beforeAll(async () => {
    r = await startRelayTest();
    await r.ctx.settings.set('ModelPrice', JSON.stringify({ 'm-fixed': 0.001 }));
    await r.channel({ models: ['m-fixed'] });
  });
  afterAll(() => r.cleanup());

  const fire = (key: string, n: number) =>
    Promise.all(
      Array.from({ length: n }, () =>
        r.post(
          '/v1/chat/completions',
          { model: 'm-fixed', messages: [{ role: 'user', content: 'x' }] },
          {
            authorization: `Bearer ${key}`,
          },
        ),
      ),
    );

  it('lets exactly as many requests through as the user balance covers', async () => {
    const caller = await r.newCaller(10 * price);
    const results = await fire(caller.key, 50);
    const ok = results.filter((res) => res.statusCode === 200);
    const refused = results.filter((res) => res.statusCode === 403);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused.every((res) => res.json().error.code === 'insufficient_user_quota')).toBe(true);
    const b = await balancesOf(r.ctx, caller.userId);
    expect(b).toMatchObject({ quota: 0, usedQuota: 10 * price, requestCount: 10 });
    expect(await consumedQuota(r.ctx, caller.userId)).toBe(10 * price);
  });

  it('lets exactly as many requests through as a limited key covers', async () => {
    const caller = await r.newCaller(1_000_000, { unlimited: false, remainQuota: 10 * price });
    const results = await fire(caller.key, 50);
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(10);
    const b = await balancesOf(r.ctx, caller.userId, caller.tokenId);
    expect(b.tokenRemain).toBe(0);
    expect(b.quota).toBe(1_000_000 - 10 * price);
    expect(await consumedQuota(r.ctx, caller.userId)).toBe(10 * price);
    expect(await r.ctx.db.selectFrom('reservations').selectAll().execute()).toEqual([]);
  });
});

describe(`crash reconciliation on ${testDb}`, () => {
  let isolated: IsolatedDb;
  beforeAll(async () => {
    isolated = await createIsolatedDb();
  });
  afterAll(() => isolated.drop());

  it('refunds what a dead process reserved, once, and keeps a settled one', async () => {
    const first = await createTestContext({ reuse: isolated });
    const userId = await seedUser(first.ctx, { quota: 100_000 });
    const token = await seedToken(first.ctx, userId, { unlimited: false, remainQuota: 50_000 });
    const held = { userId, tokenId: token.id, tokenLimited: true, quota: 7_000 };
    // Written reservations, as PostgreSQL and MySQL (and SQLite for budgets) make them.
    const reserve = (id: string) =>
      reserveQuota(first.ctx, { ...held, id }, first.ctx.billing.instanceId);
    await reserve('req-crashed');
    await reserve('req-settled');
    // A reservation whose request had already been logged (settled) is only removed.
    await first.ctx.db
      .insertInto('logs')
      .values({
        user_id: userId,
        created_at: 1,
        type: 2,
        content: '',
        quota: 7_000,
        request_id: 'req-settled',
        other: '{}',
      })
      .execute();
    // An instance that is still alive keeps its reservation.
    await reserve('req-alive');
    await first.ctx.db
      .updateTable('reservations')
      .set({ instance_id: 'alive-one' })
      .where('id', '=', 'req-alive')
      .execute();
    expect(await balancesOf(first.ctx, userId, token.id)).toMatchObject({
      quota: 79_000,
      tokenRemain: 29_000,
    });
    // The process dies: nothing is settled, the context is simply dropped.
    await first.ctx.close();

    const second = await createTestContext({ reuse: isolated, deferBillingStart: true });
    await second.ctx.shared.set(instanceKey('alive-one'), '1', 30);
    await second.ctx.billing.start();
    // req-crashed is refunded; req-settled was already paid for; req-alive stays held.
    expect(await balancesOf(second.ctx, userId, token.id)).toMatchObject({
      quota: 86_000,
      tokenRemain: 36_000,
    });
    const left = await second.ctx.db.selectFrom('reservations').select('id').execute();
    expect(left.map((x) => x.id)).toEqual(['req-alive']);
    const logs = await logsOf(second.ctx, userId);
    expect(logs.filter((l) => l.type === 6).map((l) => [l.request_id, l.quota])).toEqual([
      ['req-crashed', 0],
    ]);
    // balance moved (100000 − 86000) = logged consumption (7000) + still held (7000).
    expect(100_000 - 86_000).toBe((await consumedQuota(second.ctx, userId)) + 7_000);
    await second.ctx.close();

    // A third start does not refund anything twice.
    const third = await createTestContext({ reuse: isolated, deferBillingStart: true });
    await third.ctx.shared.set(instanceKey('alive-one'), '1', 30);
    await third.ctx.billing.start();
    expect((await balancesOf(third.ctx, userId)).quota).toBe(86_000);
    // Held, refunded and settled alike, the ledger agrees with every balance.
    expect(await auditLedger(third.ctx)).toEqual([]);
    await third.ctx.close();
  });
});
