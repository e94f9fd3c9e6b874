import { sql, type Kysely } from 'kysely';
import { createTableWithId } from './helpers.js';

/** Currencies counted in whole units before orders kept their own digits. */
const formerZeroDecimal = ['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX', 'XAF', 'XOF'];

/**
 * Orders keep the digits of their money as their provider counts it, the provider's id of the
 * payment itself (Stripe's PaymentIntent, which refunds and disputes name), and what was
 * refunded or disputed since; `ver` moves with every credit and reversal so that those are
 * compare-and-set. `order_events` is the log of every callback and what it did to an order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = [
    ['money_digits', 'integer', 2],
    ['payment_ref', 'varchar(128)', ''],
    ['refunded_minor', 'bigint', 0],
    ['disputed_minor', 'bigint', 0],
    ['dispute_status', 'varchar(16)', ''],
    ['ver', 'integer', 0],
  ] as const;
  for (const [name, type, fallback] of columns) {
    await db.schema
      .alterTable('orders')
      .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  // Orders made so far counted these currencies in whole units; every other one in hundredths.
  await sql`update orders set money_digits = 0 where currency in (${sql.join(formerZeroDecimal)})`.execute(
    db,
  );
  await db.schema.createIndex('orders_payment_ref').on('orders').column('payment_ref').execute();

  await createTableWithId(db, 'order_events', 'bigint')
    .addColumn('order_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('gateway_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kind', 'varchar(24)', (c) => c.notNull())
    .addColumn('ref', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('detail', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('dedupe', 'varchar(191)', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_events_order')
    .on('order_events')
    .columns(['order_id', 'id'])
    .execute();
}
