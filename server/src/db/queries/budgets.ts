import { sql } from 'kysely';
import type { Db } from '../client.js';

/**
 * Marks the current period of a user's or key's budget as alerted, once it reached `percent`
 * of the budget: true for exactly one caller per period, on any instance.
 */
export async function claimBudgetAlert(
  db: Db,
  account: 'user' | 'token',
  id: number,
  periodStart: number,
  percent: number,
): Promise<boolean> {
  const table = account === 'user' ? 'users' : 'tokens';
  const result = await db
    .updateTable(table)
    .set({ budget_alerted: periodStart })
    .where('id', '=', id)
    .where('budget_start', '=', periodStart)
    .where('budget_alerted', '<>', periodStart)
    .where('budget_quota', '>', 0)
    .where(sql<boolean>`budget_used * 100 >= budget_quota * ${percent}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A key's name and owner. */
export function findTokenOwner(db: Db, id: number) {
  return db
    .selectFrom('tokens')
    .select(['user_id', 'name', 'budget_quota', 'budget_used'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A user's budget figures. */
export function findUserBudget(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['budget_period', 'budget_quota', 'budget_used', 'budget_start'])
    .where('id', '=', id)
    .executeTakeFirst();
}
