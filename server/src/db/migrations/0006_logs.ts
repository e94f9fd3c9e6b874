import type { Kysely } from 'kysely';

/** Lets admins filter large log tables by model without scanning every row. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('logs_model_created')
    .on('logs')
    .columns(['model_name', 'created_at'])
    .execute();
}
