import { LogType } from '@gateway/shared';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalLine } from '../../src/billing/journal-line.js';
import { reserveQuota } from '../../src/billing/kysely-money.js';
import type { Reservation } from '../../src/billing/reservation.js';
import { SqliteMoney } from '../../src/billing/sqlite-money.js';
import { UsageJournal } from '../../src/billing/usage-journal.js';
import type { AppContext } from '../../src/context.js';
import { sqliteHandleOf } from '../../src/db/client.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import {
  createIsolatedDb,
  createTestContext,
  testDb,
  type IsolatedDb,
} from '../helpers/test-context.js';
import { balancesOf, seedToken, seedUser } from '../relay/relay-fixture.js';
import { settlementOf } from './settlement.js';

/** A reservation of `quota` on a user's balance alone (no key). */
const heldFor = (id: string, userId = 1, quota = 10): Reservation => ({
  id,
  userId,
  tokenId: 0,
  tokenLimited: false,
  quota,
});

/** The relay's money on a test context's SQLite connection, with `journal` (no Kysely runner). */
function sqliteMoney(ctx: AppContext, journal: UsageJournal): SqliteMoney {
  const unused = () => Promise.reject(new Error('not used'));
  return new SqliteMoney(
    sqliteHandleOf(ctx.db)!,
    { reserve: unused, commit: unused },
    () => undefined,
    journal,
    true,
  );
}

/**
 * On SQLite a delivered answer's settlement is appended to a journal beside the database
 * before the answer leaves, and committed just after. These check what the next start makes
 * of a journal a crash left behind: every settlement not committed yet is committed once,
 * those committed before are not charged again, and a line cut short is ignored.
 */
describe.runIf(testDb === 'sqlite')('the usage journal on sqlite', () => {
  let isolated: IsolatedDb;
  beforeAll(async () => {
    isolated = await createIsolatedDb();
  });
  afterAll(() => isolated.drop());

  it('commits what a crash left uncommitted, once, and nothing twice', async () => {
    const journalFile = `${isolated.env.SQLITE_PATH}-usage`;
    const first = await createTestContext({ reuse: isolated });
    const { ctx } = first;
    const userId = await seedUser(ctx, { quota: 100_000 });
    const token = await seedToken(ctx, userId, { unlimited: false, remainQuota: 50_000 });
    const on = (id: string, quota: number, more: Partial<Reservation> = {}): Reservation => ({
      id,
      userId,
      tokenId: token.id,
      tokenLimited: true,
      quota,
      ...more,
    });
    // Held in memory, delivered, and committed before the crash.
    const committed = settlementOf(on('req-committed', 5_000), 2_000);
    await ctx.billing.reserve(committed.reservation);
    await ctx.billing.settleDelivered(committed);
    await ctx.billing.flush();
    // A written reservation (as a budget makes), delivered and committed before the crash.
    const writtenDone = settlementOf(on('req-written-done', 4_000), 500);
    await reserveQuota(ctx, writtenDone.reservation, ctx.billing.instanceId);
    await ctx.billing.settleDelivered(writtenDone);
    await ctx.billing.flush();
    expect(readFileSync(journalFile, 'utf8')).toBe('');
    // A written reservation whose answer was delivered but not committed.
    const writtenOpen = settlementOf(on('req-written-open', 4_000), 1_000);
    await reserveQuota(ctx, writtenOpen.reservation, ctx.billing.instanceId);
    await first.ctx.close();

    // What the journal held when the process died: two answers delivered and not committed
    // (one held in memory, one written), the two committed ones, and a line cut short; lines
    // of the current form and of the object form earlier versions wrote.
    // The one held in memory counts against its key's budget, which nothing counted yet.
    const budget = { user: null, token: 7 };
    const lost = settlementOf(on('req-lost', 5_000, { inMemory: true, budget }), 3_000);
    const lines = [lost, committed, writtenDone, writtenOpen].map((s, i) =>
      i % 2 === 0 ? journalLine(s) : JSON.stringify(s),
    );
    writeFileSync(journalFile, `${lines.join('\n')}\n{"kind":"settle","reserv`);

    const second = await createTestContext({ reuse: isolated, deferBillingStart: true });
    await second.ctx.billing.start();
    const b = await balancesOf(second.ctx, userId, token.id);
    const cost = 2_000 + 500 + 1_000 + 3_000;
    expect(b).toMatchObject({ quota: 100_000 - cost, tokenRemain: 50_000 - cost });
    const logs = await second.ctx.db
      .selectFrom('logs')
      .select(['request_id', 'quota'])
      .where('user_id', '=', userId)
      .where('type', '=', LogType.consume)
      .orderBy('request_id')
      .execute();
    expect(logs.map((l) => [l.request_id, Number(l.quota)])).toEqual([
      ['req-committed', 2_000],
      ['req-lost', 3_000],
      ['req-written-done', 500],
      ['req-written-open', 1_000],
    ]);
    expect(await second.ctx.db.selectFrom('reservations').select('id').execute()).toEqual([]);
    const keyBudget = () =>
      second.ctx.db
        .selectFrom('tokens')
        .select(['budget_used', 'budget_start'])
        .where('id', '=', token.id)
        .executeTakeFirstOrThrow();
    expect(await keyBudget()).toEqual({ budget_used: 3_000, budget_start: 7 });
    expect(readFileSync(journalFile, 'utf8')).toBe('');
    expect(await auditLedger(second.ctx)).toEqual([]);
    await second.ctx.close();

    // Another start finds nothing to do.
    const third = await createTestContext({ reuse: isolated, deferBillingStart: true });
    await third.ctx.billing.start();
    expect((await balancesOf(third.ctx, userId)).quota).toBe(100_000 - cost);
    await third.ctx.close();
  });

  it('writes the answers of one turn together, before any of them is acknowledged', async () => {
    const path = `${isolated.env.SQLITE_PATH}-batch`;
    const journal = new UsageJournal(path);
    const [a, b, c] = ['req-a', 'req-b', 'req-c'].map((id) => settlementOf(heldFor(id), 5));
    const acknowledged: string[] = [];
    const appended = [a!, b!, c!].map((s) =>
      journal.append(s).then(() => acknowledged.push(s.reservation.id)),
    );
    // Nothing is written (so nothing acknowledged) until the turn ends.
    expect(readFileSync(path, 'utf8')).toBe('');
    await Promise.all(appended);
    expect(acknowledged).toEqual(['req-a', 'req-b', 'req-c']);
    expect(journal.read().map((s) => s.reservation.id)).toEqual(['req-a', 'req-b', 'req-c']);
    // The file is emptied once every settlement it holds is committed, not before.
    journal.committed(2);
    expect(journal.read()).toHaveLength(3);
    journal.committed(1);
    expect(readFileSync(path, 'utf8')).toBe('');
    journal.close();
  });

  it('writes at once when asked to, with what the turn appended before', async () => {
    const path = `${isolated.env.SQLITE_PATH}-now`;
    const journal = new UsageJournal(path);
    const a = journal.append(settlementOf(heldFor('req-a'), 5));
    expect(readFileSync(path, 'utf8')).toBe('');
    const b = journal.append(settlementOf(heldFor('req-b'), 5), true);
    // Both lines are in the file before the turn ends; the end-of-turn write finds nothing left.
    expect(journal.read().map((s) => s.reservation.id)).toEqual(['req-a', 'req-b']);
    await Promise.all([a, b]);
    expect(journal.read().map((s) => s.reservation.id)).toEqual(['req-a', 'req-b']);
    journal.close();
  });

  it('writes a lone answer at once and batches answers that may share the turn', async () => {
    const { ctx } = await createTestContext({ reuse: isolated });
    const userId = await seedUser(ctx, { quota: 10_000 });
    const path = `${isolated.env.SQLITE_PATH}-lone`;
    const journal = new UsageJournal(path);
    const money = sqliteMoney(ctx, journal);
    const on = (id: string) => heldFor(id, userId, 1_000);
    const inJournal = () => journal.read().map((s) => s.reservation.id);
    const [first, second] = [on('req-first'), on('req-second')];
    await money.reserve(first, ctx.billing.instanceId);
    await money.reserve(second, ctx.billing.instanceId);
    // Another request is on its way: the first answer waits for the end of the turn.
    const firstWritten = money.deliver(settlementOf(first, 700));
    expect(inJournal()).toEqual([]);
    await firstWritten;
    expect(inJournal()).toEqual(['req-first']);
    // The last one on its way is written before `deliver` returns.
    const secondWritten = money.deliver(settlementOf(second, 300));
    expect(inJournal()).toEqual(['req-first', 'req-second']);
    await secondWritten;
    // A refund is no answer: a request refunded leaves the next one alone.
    const [third, fourth] = [on('req-third'), on('req-fourth')];
    await money.reserve(third, ctx.billing.instanceId);
    await money.reserve(fourth, ctx.billing.instanceId);
    money.later({ kind: 'refund', reservation: third, log: null });
    const fourthWritten = money.deliver(settlementOf(fourth, 100));
    expect(inJournal().at(-1)).toBe('req-fourth');
    await fourthWritten;
    await money.flush();
    const user = await ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(user.quota)).toBe(10_000 - 700 - 300 - 100);
    journal.close();
    expect(await auditLedger(ctx)).toEqual([]);
    await ctx.close();
  });

  it('keeps every line of a turn larger than its write buffer, whatever its characters', async () => {
    const path = `${isolated.env.SQLITE_PATH}-large`;
    const journal = new UsageJournal(path);
    // 300 lines of ~1.5 kB of two- and three-byte characters: several times the 64 kB buffer.
    const settlements = Array.from({ length: 300 }, (_, i) => {
      const s = settlementOf(heldFor(`req-${i}`), 5);
      s.log!.content = `× 价格 ${'é€'.repeat(250)} ${i}`;
      return s;
    });
    await Promise.all(settlements.map((s) => journal.append(s)));
    const read = journal.read();
    expect(read.map((s) => s.reservation.id)).toEqual(settlements.map((s) => s.reservation.id));
    expect(read.map((s) => s.log?.content)).toEqual(settlements.map((s) => s.log?.content));
    // The next turn's lines follow in the same file.
    await journal.append(settlementOf({ ...settlements[0]!.reservation, id: 'req-next' }, 5));
    expect(journal.read().at(-1)?.reservation.id).toBe('req-next');
    journal.close();
  });

  it.runIf(existsSync('/dev/full'))(
    'makes an answer wait for its commit when the journal cannot be written',
    async () => {
      const { ctx } = await createTestContext({ reuse: isolated });
      const userId = await seedUser(ctx, { quota: 10_000 });
      // Every write to this device fails with ENOSPC, as on a full disk.
      const journal = new UsageJournal('/dev/full');
      const money = sqliteMoney(ctx, journal);
      const reservation = heldFor('req-disk-full', userId, 1_000);
      await money.reserve(reservation, ctx.billing.instanceId);
      await money.deliver(settlementOf(reservation, 700));
      // Resolved only once committed: the charge and its log are in the database already.
      const user = await ctx.db
        .selectFrom('users')
        .select('quota')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(Number(user.quota)).toBe(10_000 - 700);
      const logs = await ctx.db
        .selectFrom('logs')
        .select('quota')
        .where('request_id', '=', 'req-disk-full')
        .execute();
      expect(logs.map((l) => Number(l.quota))).toEqual([700]);
      journal.close();
      expect(await auditLedger(ctx)).toEqual([]);
      await ctx.close();
    },
  );
});
