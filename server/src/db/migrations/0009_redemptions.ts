import type { Kysely } from 'kysely';
import { createTableWithId } from './helpers.js';

/** Redemption codes: root generates them in batches, a user redeems one exactly once. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'redemptions')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'char(32)', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name', 'varchar(20)', (c) => c.notNull())
    .addColumn('quota', 'bigint', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('redeemed_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expired_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('redemptions_name').on('redemptions').column('name').execute();
}
