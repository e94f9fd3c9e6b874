import type { Kysely } from 'kysely';

/**
 * Budgets with reset periods, beside the lifetime quota: on users and keys, the period
 * (`day`, `week`, `month`; '' = none), the budget, what the current period used, the start
 * of the period that count belongs to, and the period already alerted about.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['users', 'tokens']) {
    await db.schema
      .alterTable(table)
      .addColumn('budget_period', 'varchar(8)', (c) => c.notNull().defaultTo(''))
      .execute();
    for (const column of ['budget_quota', 'budget_used', 'budget_start', 'budget_alerted']) {
      await db.schema
        .alterTable(table)
        .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    }
  }
}
