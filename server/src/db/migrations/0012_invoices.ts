import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';
import { createTable, createTableWithId } from './helpers.js';

/** Invoices over paid top-ups, and the PDF finance uploads for each. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'invoices')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(24)', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('tax_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('reviewer_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('invoices_user_created')
    .on('invoices')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('invoices_status_created')
    .on('invoices')
    .columns(['status', 'created_at'])
    .execute();

  const dialect = dialectOf(db);
  const bytes =
    dialect === 'postgres' ? sql`bytea` : dialect === 'mysql' ? sql`longblob` : sql`blob`;
  await createTable(db, 'invoice_files')
    .addColumn('invoice_id', 'integer', (c) => c.primaryKey())
    .addColumn('content', bytes, (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
