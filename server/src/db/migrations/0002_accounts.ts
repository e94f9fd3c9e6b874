import type { Kysely } from 'kysely';
import { createTable } from './helpers.js';

/**
 * The one-row `setups` table: its primary key makes "create root once" hold even when two
 * instances or two requests race through the first-run wizard.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'setups')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('root_user_id', 'integer', (c) => c.notNull())
    .addColumn('initialized_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_role').on('users').column('role').execute();
}
