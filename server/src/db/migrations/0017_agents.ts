import type { Kysely } from 'kysely';
import { createTable, createTableWithId } from './helpers.js';

/** The agent programme: agents, their dividends per day, and withdrawal requests. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'agents')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('rate', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('basis', 'varchar(16)', (c) => c.notNull().defaultTo('consumption'))
    .addColumn('contact', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reviewer_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await createTableWithId(db, 'agent_dividends')
    .addColumn('agent_id', 'integer', (c) => c.notNull())
    .addColumn('period', 'varchar(10)', (c) => c.notNull())
    .addColumn('basis', 'varchar(16)', (c) => c.notNull())
    .addColumn('base_quota', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'double precision', (c) => c.notNull())
    .addColumn('quota', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('agent_dividends_period')
    .on('agent_dividends')
    .columns(['agent_id', 'period'])
    .unique()
    .execute();
  await createTableWithId(db, 'withdrawals')
    .addColumn('agent_id', 'integer', (c) => c.notNull())
    .addColumn('quota', 'bigint', (c) => c.notNull())
    .addColumn('account', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('reviewer_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('withdrawals_agent')
    .on('withdrawals')
    .columns(['agent_id', 'id'])
    .execute();
}
