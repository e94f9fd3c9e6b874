import { MysqlAdapter, PostgresAdapter, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres' | 'mysql';

/** The engine behind a Kysely instance. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema will do
export function dialectOf(db: Kysely<any>): Dialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  return 'sqlite';
}
