import type { Kysely } from 'kysely';

/**
 * Admission caps: a channel's requests in flight and requests per minute, a key's requests
 * in flight and tokens per minute, a user's tokens per minute. 0 = no cap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: Array<[table: string, column: string]> = [
    ['channels', 'max_concurrency'],
    ['channels', 'max_rpm'],
    ['tokens', 'max_parallel'],
    ['tokens', 'tpm_limit'],
    ['users', 'tpm_limit'],
  ];
  for (const [table, column] of columns) {
    await db.schema
      .alterTable(table)
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}
