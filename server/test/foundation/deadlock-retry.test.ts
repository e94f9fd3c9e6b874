import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import type { Db } from '../../src/db/client.js';
import { transactRetrying } from '../../src/db/deadlock.js';
import { createTestContext, testDb } from '../helpers/test-context.js';

/**
 * Two transactions that lock two rows in opposite orders deadlock on PostgreSQL and MySQL; the
 * one the engine rolls back runs again and both commit. (SQLite runs one transaction at a time.)
 */
describe.skipIf(testDb === 'sqlite')(`transactions retried after a deadlock on ${testDb}`, () => {
  let ctx: AppContext;
  beforeAll(async () => {
    ({ ctx } = await createTestContext());
  });
  afterAll(() => ctx.close());

  const rename = (trx: Db, id: number, name: string) =>
    trx.updateTable('users').set({ display_name: name }).where('id', '=', id).execute();

  it('runs the loser again and commits both', async () => {
    await ctx.db
      .insertInto('users')
      .values([{ username: 'deadlock-a' }, { username: 'deadlock-b' }])
      .execute();
    const rows = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', 'in', ['deadlock-a', 'deadlock-b'])
      .orderBy('username')
      .execute();
    const [a, b] = rows.map((r) => Number(r.id)) as [number, number];
    // Both hold their first row before either asks for its second.
    let locked = 0;
    let release!: () => void;
    const bothLocked = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const crossing = (first: number, second: number, name: string) =>
      transactRetrying(ctx.db, async (trx) => {
        runs++;
        await rename(trx, first, name);
        if (++locked === 2) release();
        await bothLocked;
        await rename(trx, second, name);
      });
    await Promise.all([crossing(a, b, 'one'), crossing(b, a, 'two')]);
    // One rolled back at least once (a busy machine can time the retry into a second one).
    expect(runs).toBeGreaterThanOrEqual(3);
    const names = await ctx.db
      .selectFrom('users')
      .select('display_name')
      .where('id', 'in', [a, b])
      .execute();
    // The retried transaction ran last, so both rows carry its name.
    expect(new Set(names.map((n) => n.display_name)).size).toBe(1);
  });
});
