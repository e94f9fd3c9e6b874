import type { Kysely } from 'kysely';
import { createTable } from './helpers.js';

/**
 * What `npm run import` brought from another gateway's database: one row per imported record
 * (and one per source for the last log id), so a second run skips what the first did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'import_map')
    .addColumn('source', 'varchar(255)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(191)', (c) => c.notNull())
    .addColumn('target_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_map_pk', ['source', 'kind', 'source_id'])
    .execute();
}
