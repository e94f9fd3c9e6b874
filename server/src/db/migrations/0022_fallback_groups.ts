import type { Kysely } from 'kysely';

/** A key's fallback groups: tried in order when every channel of its group failed or was full. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tokens')
    .addColumn('fallback_groups', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
}
