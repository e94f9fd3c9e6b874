import SQLite from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, Migrator, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import { createPool as createMysqlPool } from 'mysql2';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import type { Dialect } from './dialect.js';
import type { Database } from './schema/index.js';

export { dialectOf, type Dialect } from './dialect.js';
export type Db = Kysely<Database>;

/** Where to connect: the engine and its address. */
export interface DbTarget {
  kind: Dialect;
  /** postgres:// or mysql:// URL; unused for SQLite. */
  dsn: string;
  /** SQLite file or `:memory:`. */
  sqlitePath: string;
  /** PostgreSQL schema to use (tests isolate themselves this way). */
  pgSchema?: string;
  /** Pool size for PostgreSQL and MySQL. */
  poolSize?: number;
}

// int8 (count, sum of bigint) and numeric as numbers: quotas stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** Opens a Kysely instance on the chosen engine. */
export function openDb(target: DbTarget): Db {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.dsn,
      max: target.poolSize ?? 20,
      options: target.pgSchema ? `-c search_path=${target.pgSchema}` : undefined,
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (target.kind === 'mysql') {
    const pool = createMysqlPool({
      uri: target.dsn,
      connectionLimit: target.poolSize ?? 20,
      decimalNumbers: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
      charset: 'utf8mb4',
    });
    return new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
  }
  if (target.sqlitePath !== ':memory:') mkdirSync(dirname(target.sqlitePath), { recursive: true });
  const database = new SQLite(target.sqlitePath);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

/** Brings the schema up to date. Kysely's lock table keeps concurrent instances in line. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
