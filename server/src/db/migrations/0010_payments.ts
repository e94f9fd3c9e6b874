import type { Kysely } from 'kysely';
import { createTableWithId } from './helpers.js';

/** Payment gateways as data, and the top-up orders paid through them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'payment_gateways')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('payment_type', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('icon', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('callback_domain', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('fixed_fee', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('percent_fee', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('currency_rate', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull().defaultTo('CNY'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'orders', 'bigint')
    .addColumn('trade_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('gateway_trade_no', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('gateway_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('payment_type', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('discount', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('money_minor', 'bigint', (c) => c.notNull())
    .addColumn('quota', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('note', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('closed_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('orders_user_created')
    .on('orders')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('orders_status_created')
    .on('orders')
    .columns(['status', 'created_at'])
    .execute();
}
