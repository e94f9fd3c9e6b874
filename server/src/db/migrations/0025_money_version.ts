import type { Kysely } from 'kysely';

/**
 * `money_ver` on users and keys: moved by one with every statement that changes a balance or
 * a budget count of the row, under the row's lock. Instances that mirror balances in Redis
 * (PostgreSQL and MySQL with Redis) keep a mirror only when it is newer than the one there,
 * so mirrors written out of commit order never go back in time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['users', 'tokens']) {
    await db.schema
      .alterTable(table)
      .addColumn('money_ver', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}
