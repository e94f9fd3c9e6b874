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
import { createTestContext, testDb } from '../helpers/test-context.js';
import { balancesOf, seedToken, seedUser } from '../relay/relay-fixture.js';
import { settlementOf } from './settlement.js';

/**
 * On SQLite a relay reservation is held in the process's memory, not written: these check
 * that a hold covers exactly what the balance less the other holds allows, that settling or
 * refunding lets go of it, and that written reservations (budgets) respect the holds too.
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
  const refusalOf = (promise: Promise<void>) =>
    promise.then(
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

  it('refuses a written reservation (a budget) that would take what holds keep', async () => {
    const userId = await seedUser(ctx, { quota: 10_000 });
    const held = hold(userId, 8_000);
    expect(await refusalOf(ctx.billing.reserve(held))).toBeNull();
    // A budget of 0 counts without a limit, so only the balance can refuse it.
    const budgeted = (quota: number) => hold(userId, quota, { budget: { user: 0, token: null } });
    expect(await refusalOf(ctx.billing.reserve(budgeted(2_001)))).toBe('insufficient_user_quota');
    const written = budgeted(2_000);
    expect(await refusalOf(ctx.billing.reserve(written))).toBeNull();
    expect(written.inMemory).toBeUndefined();
    expect(await reservationRows()).toEqual([{ id: written.id }]);
    expect((await balancesOf(ctx, userId)).quota).toBe(8_000);
    await ctx.billing.settleDelivered(settlementOf(written, 1_000));
    await ctx.billing.settleDelivered(settlementOf(held, 8_000));
    expect((await balancesOf(ctx, userId)).quota).toBe(1_000);
    expect(await reservationRows()).toEqual([]);
    expect(await auditLedger(ctx)).toEqual([]);
  });

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
