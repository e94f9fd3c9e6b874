import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BalanceSnapshots } from '../../src/billing/balance-snapshots.js';
import { reserveQuota } from '../../src/billing/kysely-money.js';
import { post } from '../../src/billing/ledger/postings.js';
import type { Reservation } from '../../src/billing/reservation.js';
import type { AppContext } from '../../src/context.js';
import { sqliteHandleOf } from '../../src/db/client.js';
import { AppError } from '../../src/errors.js';
import { randomId } from '../../src/lib/random.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { createTestContext, testDb, testRedis } from '../helpers/test-context.js';
import { balancesOf, seedToken, seedUser } from '../relay/relay-fixture.js';
import { settlementOf } from './settlement.js';

/**
 * On SQLite a relay reservation is held in the process's memory, not written: these check
 * that a hold covers exactly what the balance less the other holds allows, that settling or
 * refunding lets go of it, that budgets are held the same way, and that written reservations
 * respect the holds too.
 */
describe.runIf(testDb === 'sqlite')('reservations held in memory on sqlite', () => {
  let ctx: AppContext;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const t = await createTestContext();
    ctx = t.ctx;
    close = () => t.ctx.close();
  });
  afterAll(() => close());

  const hold = (userId: number, quota: number, more: Partial<Reservation> = {}): Reservation => ({
    id: `req-${randomId(8)}`,
    userId,
    tokenId: 0,
    tokenLimited: false,
    quota,
    ...more,
  });
  const refusalOf = (reserving: Promise<void> | undefined) =>
    Promise.resolve(reserving).then(
      () => null,
      (error: unknown) => (error instanceof AppError ? error.id : String(error)),
    );
  const reservationRows = () => ctx.db.selectFrom('reservations').select('id').execute();

  it('lets holds take what the balance has, writes nothing, and lets go once settled', async () => {
    const userId = await seedUser(ctx, { quota: 10_000 });
    const first = hold(userId, 7_000);
    expect(await refusalOf(ctx.billing.reserve(first))).toBeNull();
    expect(first.inMemory).toBe(true);
    expect(await refusalOf(ctx.billing.reserve(hold(userId, 3_001)))).toBe(
      'insufficient_user_quota',
    );
    const second = hold(userId, 3_000);
    expect(await refusalOf(ctx.billing.reserve(second))).toBeNull();
    // Nothing is written for a hold.
    expect((await balancesOf(ctx, userId)).quota).toBe(10_000);
    expect(await reservationRows()).toEqual([]);

    // The first answer costs 5,000: the balance has 5,000 left, of which 3,000 are held.
    await ctx.billing.settleDelivered(settlementOf(first, 5_000));
    expect((await balancesOf(ctx, userId)).quota).toBe(5_000);
    expect(await refusalOf(ctx.billing.reserve(hold(userId, 2_001)))).toBe(
      'insufficient_user_quota',
    );
    // The second fails: its hold goes back.
    ctx.billing.refund({ kind: 'refund', reservation: second, log: null });
    await ctx.billing.flush();
    expect(await refusalOf(ctx.billing.reserve(hold(userId, 5_001)))).toBe(
      'insufficient_user_quota',
    );
    const last = hold(userId, 5_000);
    expect(await refusalOf(ctx.billing.reserve(last))).toBeNull();
    await ctx.billing.settleDelivered(settlementOf(last, 5_000));
    expect(await balancesOf(ctx, userId)).toMatchObject({ quota: 0, usedQuota: 10_000 });
    expect(await auditLedger(ctx)).toEqual([]);
  });

  it('holds a limited key apart from its owner', async () => {
    const userId = await seedUser(ctx, { quota: 100_000 });
    const token = await seedToken(ctx, userId, { unlimited: false, remainQuota: 4_000 });
    const onKey = (quota: number) => hold(userId, quota, { tokenId: token.id, tokenLimited: true });
    const held = onKey(3_000);
    expect(await refusalOf(ctx.billing.reserve(held))).toBeNull();
    expect(await refusalOf(ctx.billing.reserve(onKey(1_001)))).toBe('insufficient_token_quota');
    // The owner's other requests still have the rest of the user's balance.
    expect(await refusalOf(ctx.billing.reserve(hold(userId, 97_000)))).toBeNull();
    await ctx.billing.settleDelivered(settlementOf(held, 3_500));
    expect(await balancesOf(ctx, userId, token.id)).toMatchObject({
      quota: 96_500,
      tokenRemain: 500,
    });
    expect(await auditLedger(ctx)).toEqual([]);
  });

  /** Gives an account a budget whose stored count belongs to the period starting at `start`. */
  const setBudget = (table: 'users' | 'tokens', id: number, quota: number, used = 0, start = 0) =>
    ctx.db
      .updateTable(table)
      .set({ budget_period: 'day', budget_quota: quota, budget_used: used, budget_start: start })
      .where('id', '=', id)
      .execute();
  const budgetOf = async (table: 'users' | 'tokens', id: number) => {
    await ctx.billing.flush();
    const row = await ctx.db
      .selectFrom(table)
      .select(['budget_used', 'budget_start'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { used: Number(row.budget_used), start: Number(row.budget_start) };
  };

  // A lone instance only: with Redis, instances may share the database and take budgets there.
  it.runIf(!testRedis)("holds a budget in memory too, and counts each answer's cost", async () => {
    const day = 86_400;
    const userId = await seedUser(ctx, { quota: 1_000_000 });
    await setBudget('users', userId, 10_000);
    const onBudget = (quota: number) => hold(userId, quota, { budget: { user: day, token: null } });
    const first = onBudget(6_000);
    expect(await refusalOf(ctx.billing.reserve(first))).toBeNull();
    expect(first.inMemory).toBe(true);
    expect(await reservationRows()).toEqual([]);
    expect(await refusalOf(ctx.billing.reserve(onBudget(4_001)))).toBe('user_budget_exhausted');
    const second = onBudget(4_000);
    expect(await refusalOf(ctx.billing.reserve(second))).toBeNull();
    // Nothing is counted before an answer is settled.
    expect(await budgetOf('users', userId)).toEqual({ used: 0, start: 0 });

    // The first answer costs 5,000: counted in this period (the stored count of an older one
    // starts again), and 1,000 stays free beside the second request's hold.
    await ctx.billing.settleDelivered(settlementOf(first, 5_000));
    expect(await budgetOf('users', userId)).toEqual({ used: 5_000, start: day });
    expect(await refusalOf(ctx.billing.reserve(onBudget(1_001)))).toBe('user_budget_exhausted');
    // The second fails: nothing of it is counted and its hold goes back.
    ctx.billing.refund({ kind: 'refund', reservation: second, log: null });
    expect(await budgetOf('users', userId)).toEqual({ used: 5_000, start: day });
    expect(await refusalOf(ctx.billing.reserve(onBudget(5_001)))).toBe('user_budget_exhausted');
    const last = onBudget(5_000);
    expect(await refusalOf(ctx.billing.reserve(last))).toBeNull();
    await ctx.billing.settleDelivered(settlementOf(last, 4_000));
    expect(await budgetOf('users', userId)).toEqual({ used: 9_000, start: day });

    // The next period starts from 0; a request of the last period settled after it is not
    // counted again in the new one.
    const late = onBudget(1_000);
    expect(await refusalOf(ctx.billing.reserve(late))).toBeNull();
    const next = hold(userId, 10_000, { budget: { user: 2 * day, token: null } });
    expect(await refusalOf(ctx.billing.reserve(next))).toBe('user_budget_exhausted');
    ctx.billing.refund({ kind: 'refund', reservation: late, log: null });
    expect(await refusalOf(ctx.billing.reserve(next))).toBeNull();
    await ctx.billing.settleDelivered(settlementOf(next, 7_000));
    expect(await budgetOf('users', userId)).toEqual({ used: 7_000, start: 2 * day });
    const stale = hold(userId, 1, { budget: { user: day, token: null } });
    await ctx.billing.reserve(stale);
    await ctx.billing.settleDelivered(settlementOf(stale, 1));
    expect(await budgetOf('users', userId)).toEqual({ used: 7_000, start: 2 * day });
    expect((await balancesOf(ctx, userId)).quota).toBe(1_000_000 - 16_001);
    expect(await auditLedger(ctx)).toEqual([]);
  });

  it.runIf(!testRedis)(
    "holds a key's budget apart from its owner's, beside written ones",
    async () => {
      const userId = await seedUser(ctx, { quota: 1_000_000 });
      const token = await seedToken(ctx, userId);
      await setBudget('tokens', token.id, 3_000);
      const onKey = (quota: number) =>
        hold(userId, quota, { tokenId: token.id, budget: { user: null, token: 1 } });
      const held = onKey(2_000);
      expect(await refusalOf(ctx.billing.reserve(held))).toBeNull();
      expect(await refusalOf(ctx.billing.reserve(onKey(1_001)))).toBe('token_budget_exhausted');
      // The owner's other keys are not held by this key's budget.
      expect(await refusalOf(ctx.billing.reserve(hold(userId, 50_000)))).toBeNull();
      // A written reservation (the runner while an administrative transaction holds the
      // connection) takes from the budget in the database; the holds see it at once.
      const written = onKey(1_000);
      await reserveQuota(ctx, written, ctx.billing.instanceId);
      expect(await budgetOf('tokens', token.id)).toEqual({ used: 1_000, start: 1 });
      expect(await refusalOf(ctx.billing.reserve(onKey(1)))).toBe('token_budget_exhausted');
      // It costs 400 (600 back to the budget), the held one 2,100 (over its estimate).
      await ctx.billing.settleDelivered(settlementOf(written, 400));
      await ctx.billing.settleDelivered(settlementOf(held, 2_100));
      expect(await budgetOf('tokens', token.id)).toEqual({ used: 2_500, start: 1 });
      expect(await refusalOf(ctx.billing.reserve(onKey(501)))).toBe('token_budget_exhausted');
      expect(await refusalOf(ctx.billing.reserve(onKey(500)))).toBeNull();
      expect(await reservationRows()).toEqual([]);
      expect(await auditLedger(ctx)).toEqual([]);
    },
  );

  it('sees every change of a balance made since it was read', async () => {
    const userId = await seedUser(ctx, { quota: 10_000 });
    expect(await refusalOf(ctx.billing.reserve(hold(userId, 6_000)))).toBeNull();
    expect(await refusalOf(ctx.billing.reserve(hold(userId, 6_000)))).toBe(
      'insufficient_user_quota',
    );
    // An administrator's credit (any write of the process) is seen by the next hold at once.
    await post(ctx.db, { account: 'user', accountId: userId, delta: 2_000, reason: 'admin_add' });
    expect(await refusalOf(ctx.billing.reserve(hold(userId, 5_000)))).toBeNull();
    // 1,000 is free now; a subtraction of it is seen as well.
    await post(ctx.db, {
      account: 'user',
      accountId: userId,
      delta: -1_000,
      reason: 'admin_subtract',
    });
    expect(await refusalOf(ctx.billing.reserve(hold(userId, 1)))).toBe('insufficient_user_quota');
    expect(await auditLedger(ctx)).toEqual([]);
  });

  it('reads a balance again after a write by another connection, within a second', async () => {
    const userId = await seedUser(ctx, { quota: 500 });
    const raw = sqliteHandleOf(ctx.db)!;
    let now = 0;
    const snapshots = new BalanceSnapshots(raw, () => now);
    expect(snapshots.read('user', userId)).toBe(500);
    // This connection wrote nothing since: the snapshot stands in for the row...
    raw.prepare('select 1').get();
    expect(snapshots.read('user', userId)).toBe(500);
    // ...until it writes anything at all.
    await post(ctx.db, { account: 'user', accountId: userId, delta: 1, reason: 'admin_add' });
    expect(snapshots.read('user', userId)).toBe(501);
    // A write this connection cannot count (another process) is seen once the snapshot ages.
    const other = new SQLite(raw.name);
    other.prepare('update users set quota = 900 where id = ?').run(userId);
    other.close();
    now = 999;
    expect(snapshots.read('user', userId)).toBe(501);
    now = 1_000;
    expect(snapshots.read('user', userId)).toBe(900);
    // That write bypassed the ledger: put the balance back so the books stay whole.
    raw.prepare('update users set quota = 501 where id = ?').run(userId);
    expect(await auditLedger(ctx)).toEqual([]);
  });

  it('holds what a queued move will change, not the estimate, until its batch commits', async () => {
    // A delivered answer: its hold of 8,000 becomes its cost, 1,000, before the commit.
    const settled = await seedUser(ctx, { quota: 10_000 });
    const first = hold(settled, 8_000);
    await ctx.billing.reserve(first);
    await ctx.billing.settleDelivered(settlementOf(first, 1_000));
    expect(await refusalOf(ctx.billing.reserve(hold(settled, 9_001)))).toBe(
      'insufficient_user_quota',
    );
    const next = hold(settled, 9_000);
    expect(await refusalOf(ctx.billing.reserve(next))).toBeNull();
    ctx.billing.refund({ kind: 'refund', reservation: next, log: null });

    // A refund waiting for its batch lets go of the hold at once.
    const refunded = await seedUser(ctx, { quota: 10_000 });
    const failed = hold(refunded, 8_000);
    await ctx.billing.reserve(failed);
    ctx.billing.refund({ kind: 'refund', reservation: failed, log: null });
    const retry = hold(refunded, 10_000);
    expect(await refusalOf(ctx.billing.reserve(retry))).toBeNull();
    ctx.billing.refund({ kind: 'refund', reservation: retry, log: null });

    // A written reservation (a budget) settled for less: what it gives back is free already.
    const written = await seedUser(ctx, { quota: 10_000 });
    const budgeted = hold(written, 8_000);
    await reserveQuota(ctx, budgeted, ctx.billing.instanceId);
    await ctx.billing.settleDelivered(settlementOf(budgeted, 1_000));
    expect(await refusalOf(ctx.billing.reserve(hold(written, 9_001)))).toBe(
      'insufficient_user_quota',
    );
    const after = hold(written, 9_000);
    expect(await refusalOf(ctx.billing.reserve(after))).toBeNull();
    await ctx.billing.settleDelivered(settlementOf(after, 9_000));

    expect((await balancesOf(ctx, settled)).quota).toBe(9_000);
    expect((await balancesOf(ctx, refunded)).quota).toBe(10_000);
    expect((await balancesOf(ctx, written)).quota).toBe(0);
    expect(await auditLedger(ctx)).toEqual([]);
  });
});
