import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsync } from '../../src/billing/ledger/program.js';
import { commitProgram } from '../../src/billing/ledger/relay-moves.js';
import type { Reservation } from '../../src/billing/reservation.js';
import type { Settlement } from '../../src/billing/settle-plan.js';
import type { AppContext } from '../../src/context.js';
import { randomId } from '../../src/lib/random.js';
import { nowSeconds } from '../../src/lib/time.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { createTestContext, testDb } from '../helpers/test-context.js';
import { balancesOf, seedToken, seedUser } from '../relay/relay-fixture.js';
import { settlementOf } from './settlement.js';

/**
 * A batch charges what its answers cost beyond their reservations with one guarded statement
 * per user and per limited key when the balances cover the sums, and one move at a time (each
 * down to what is left) when they do not: the same charges either way.
 */
describe(`charges of a settlement batch on ${testDb}`, () => {
  let ctx: AppContext;
  beforeAll(async () => {
    ({ ctx } = await createTestContext());
  });
  afterAll(() => ctx.close());

  /** The settlement of an answer that held nothing and cost `quota`. */
  const answer = (userId: number, tokenId: number, tokenLimited: boolean, quota: number) => {
    const reservation: Reservation = {
      id: `req-${randomId(8)}`,
      userId,
      tokenId,
      tokenLimited,
      quota: 0,
    };
    return settlementOf(reservation, quota);
  };

  it('charges each answer in full, or down to what its user and key have left', async () => {
    // Covered: one statement for the user, one for the limited key.
    const covered = await seedUser(ctx, { quota: 10_000 });
    const coveredKey = await seedToken(ctx, covered, { unlimited: false, remainQuota: 5_000 });
    const freeKey = await seedToken(ctx, covered);
    // The user's balance runs out inside the batch.
    const short = await seedUser(ctx, { quota: 3_000 });
    // The user has enough; the key runs out.
    const keyShort = await seedUser(ctx, { quota: 10_000 });
    const shortKey = await seedToken(ctx, keyShort, { unlimited: false, remainQuota: 3_000 });
    const moves: Settlement[] = [
      answer(keyShort, shortKey.id, true, 2_000),
      answer(covered, coveredKey.id, true, 2_000),
      answer(short, 0, false, 2_000),
      answer(covered, freeKey.id, false, 3_000),
      answer(keyShort, shortKey.id, true, 2_000),
      answer(short, 0, false, 2_000),
      answer(covered, coveredKey.id, true, 2_000),
    ];

    const charged = await runAsync(ctx.db, () => commitProgram(moves, false, nowSeconds()));

    const quotaOf = (move: Settlement) => charged.find((c) => c.move === move)?.quota;
    expect(moves.map(quotaOf)).toEqual([2_000, 2_000, 2_000, 3_000, 1_000, 1_000, 2_000]);
    expect(await balancesOf(ctx, covered, coveredKey.id)).toMatchObject({
      quota: 3_000,
      usedQuota: 7_000,
      requestCount: 3,
      tokenRemain: 1_000,
    });
    expect(await balancesOf(ctx, short)).toMatchObject({ quota: 0, usedQuota: 3_000 });
    expect(await balancesOf(ctx, keyShort, shortKey.id)).toMatchObject({
      quota: 7_000,
      usedQuota: 3_000,
      tokenRemain: 0,
    });
    // Each consume log says what its answer was charged.
    expect(moves.map((m) => m.log?.quota)).toEqual([
      2_000, 2_000, 2_000, 3_000, 1_000, 1_000, 2_000,
    ]);
    expect(await auditLedger(ctx)).toEqual([]);
  });
});
