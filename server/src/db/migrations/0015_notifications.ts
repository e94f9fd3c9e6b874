import type { Kysely } from 'kysely';
import { createTable, createTableWithId } from './helpers.js';

/** Notification settings per user, and the outbox of notifications to deliver. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'notification_prefs')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('warning_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await createTableWithId(db, 'notifications', 'bigint')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('event', 'varchar(32)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('notifications_due')
    .on('notifications')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('notifications_user')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();
}
