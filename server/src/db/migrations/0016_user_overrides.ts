import type { Kysely } from 'kysely';

/** A user's own terms beside their level: a concurrency cap and discounts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('concurrency_limit', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('extra_discount', 'double precision', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('model_discounts', 'varchar(2000)', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
