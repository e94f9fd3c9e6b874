import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitBatch } from '../../src/billing/kysely-money.js';
import { runAsync } from '../../src/billing/ledger/program.js';
import { commitProgram } from '../../src/billing/ledger/relay-moves.js';
import type { Reservation } from '../../src/billing/reservation.js';
import type { Settlement } from '../../src/billing/settle-plan.js';
import type { AppContext } from '../../src/context.js';
import { pipelineOf } from '../../src/db/client.js';
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

  /**
   * Two users alike, each with a limited and an unlimited key and a budget, and the answers of
   * one batch over them: `ids` picks whose.
   */
  const accountsAlike = async () => {
    const userId = await seedUser(ctx, { quota: 20_000 });
    const limited = await seedToken(ctx, userId, { unlimited: false, remainQuota: 6_000 });
    const unlimited = await seedToken(ctx, userId);
    return { userId, limited: limited.id, unlimited: unlimited.id };
  };
  const batchOver = (a: Awaited<ReturnType<typeof accountsAlike>>, costs: number[]) =>
    costs.map((cost, i) => answer(a.userId, i % 2 ? a.limited : a.unlimited, i % 2 === 1, cost));
  const booksOf = async (a: Awaited<ReturnType<typeof accountsAlike>>) => {
    const entries = await ctx.db
      .selectFrom('ledger_entries')
      .select(['account', 'delta', 'balance_after', 'reason'])
      .where((eb) =>
        eb.or([
          eb.and([eb('account', '=', 'user'), eb('account_id', '=', a.userId)]),
          eb.and([eb('account', '=', 'token'), eb('account_id', '=', a.limited)]),
        ]),
      )
      .orderBy('id')
      .execute();
    return {
      balances: await balancesOf(ctx, a.userId, a.limited),
      entries: entries.map((e) => ({
        ...e,
        delta: Number(e.delta),
        balance_after: Number(e.balance_after),
      })),
    };
  };

  it.runIf(testDb !== 'sqlite')(
    'sends a batch whole when every balance covers it, with the books of step by step',
    async () => {
      const pipeline = pipelineOf(ctx.db)!;
      let sentWhole = 0;
      const transact = pipeline.transact.bind(pipeline);
      pipeline.transact = (statements) => transact(statements).then((r) => (sentWhole++, r));
      try {
        // Covered: sent whole, once.
        const whole = await accountsAlike();
        const stepwise = await accountsAlike();
        const costs = [1_000, 2_000, 3_000, 1_500];
        // Values are written into the text: quotes, backslashes, placeholders and NUL survive.
        const tricky = "it's \\ a ? test\u0000'); drop table users; --";
        const wholeBatch = batchOver(whole, costs);
        wholeBatch[0]!.log!.content = tricky;
        const committed = await commitBatch(ctx, wholeBatch, true);
        const stored = await ctx.db
          .selectFrom('logs')
          .select('content')
          .where('request_id', '=', wholeBatch[0]!.reservation.id)
          .executeTakeFirstOrThrow();
        expect(stored.content).toBe(
          testDb === 'postgres' ? tricky.replace('\u0000', '\uFFFD') : tricky,
        );
        await runAsync(ctx.db, () => commitProgram(batchOver(stepwise, costs), true, nowSeconds()));
        expect(sentWhole).toBe(1);
        expect(committed.charged.map((c) => c.quota)).toEqual(costs);
        expect(await booksOf(whole)).toEqual(await booksOf(stepwise));
        // The states read with it are the rows as committed.
        const user = committed.states.find((st) => st.table === 'users')!;
        expect(user.balance).toBe(20_000 - 7_500);
        expect(committed.states.find((st) => st.table === 'tokens')).toMatchObject({
          id: whole.limited,
          balance: 6_000 - 3_500,
        });
        // A key short of its charges: sent whole, refused by the failing guard, rolled back,
        // then charged step by step down to what is left, as the other.
        const shortWhole = await accountsAlike();
        const shortStepwise = await accountsAlike();
        const big = [1_000, 5_000, 1_000, 5_000];
        const shortCommitted = await commitBatch(ctx, batchOver(shortWhole, big));
        await runAsync(ctx.db, () =>
          commitProgram(batchOver(shortStepwise, big), true, nowSeconds()),
        );
        expect(sentWhole).toBe(1);
        expect(shortCommitted.charged.map((c) => c.quota)).toEqual([1_000, 5_000, 1_000, 1_000]);
        expect(await booksOf(shortWhole)).toEqual(await booksOf(shortStepwise));
        expect(await auditLedger(ctx)).toEqual([]);
      } finally {
        pipeline.transact = transact;
      }
    },
  );
});
