import type { Kysely } from 'kysely';

/**
 * Tags each reservation with the process that made it, so that a restart refunds only what a
 * dead process left behind while other live instances keep their in-flight reservations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('reservations')
    .addColumn('instance_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('reservations_instance')
    .on('reservations')
    .column('instance_id')
    .execute();
}
