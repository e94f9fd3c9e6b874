import { sql, type Kysely } from 'kysely';
import { createTableWithId } from './helpers.js';

/** User levels (discounts, limits, upgrade rules) and each user's level. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'levels')
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_discount', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('extra_discount', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('groups', 'text', (c) => c.notNull())
    .addColumn('model_request_limits', 'text', (c) => c.notNull())
    .addColumn('model_concurrency_limits', 'text', (c) => c.notNull())
    .addColumn('rate_limit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model_prices', 'text', (c) => c.notNull())
    .addColumn('benefits', 'text', (c) => c.notNull())
    .addColumn('auto_upgrade', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('required_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('required_amount', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('required_topup_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('required_used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into levels (name, description, priority, ${sql.ref('groups')},
    model_request_limits, model_concurrency_limits, model_prices, benefits, created_at)
    values ('default', '', 0, '[]', '{}', '{}', '{}', '', ${Math.floor(Date.now() / 1000)})`.execute(
    db,
  );
  await db.schema
    .alterTable('users')
    .addColumn('level', 'varchar(64)', (c) => c.notNull().defaultTo('default'))
    .execute();
}
