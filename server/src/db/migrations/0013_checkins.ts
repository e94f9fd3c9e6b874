import type { Kysely } from 'kysely';
import { createTableWithId } from './helpers.js';

/** Daily check-ins: one row per user and day, which the unique index keeps to one. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'checkins')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('checkin_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('quota', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('checkins_user_date')
    .on('checkins')
    .columns(['user_id', 'checkin_date'])
    .unique()
    .execute();
}
