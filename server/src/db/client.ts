import SQLite from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, Migrator, MysqlDialect, SqliteDialect } from 'kysely';
import type * as Mysql from 'mysql2';
import type pg from 'pg';
import { IoCounters } from '../lib/io-counters.js';
import { lazyRequire } from '../lib/lazy-require.js';
import { migrations } from './migrations/index.js';
import type { Dialect } from './dialect.js';
import { countedSqlite, countMysqlPool } from './io-hooks.js';
import { CurrentSchemaPostgresDialect } from './pg-schema-dialect.js';
import { mysqlPipeline, postgresPipeline, type Pipeline } from './pipeline.js';
import { storableTextPool } from './pg-text.js';
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
  /** Where the drivers count statements, transactions and waits (`/metrics`). */
  io?: IoCounters;
}

/** The PostgreSQL driver, loaded on first use (a SQLite gateway never needs it). */
function loadPg(): typeof pg {
  const driver = lazyRequire('pg') as typeof pg;
  // int8 (count, sum of bigint) and numeric as numbers: quotas stay far below 2^53.
  driver.types.setTypeParser(20, (v) => Number(v));
  driver.types.setTypeParser(1700, (v) => Number(v));
  return driver;
}

const sqliteHandles = new WeakMap<Db, SQLite.Database>();
const pipelines = new WeakMap<Db, Pipeline>();

/**
 * Where a transaction can be sent as one message (PostgreSQL, MySQL; undefined on SQLite,
 * whose statements cost no round trip). Closed with `closeDb`.
 */
export function pipelineOf(db: Db): Pipeline | undefined {
  return pipelines.get(db);
}

/** Closes a database opened by `openDb`, with its pipeline. */
export async function closeDb(db: Db): Promise<void> {
  await pipelines.get(db)?.close();
  await db.destroy();
}

/**
 * The better-sqlite3 connection behind a SQLite Kysely instance (undefined on other engines).
 * The relay's money statements run on it synchronously, with prepared statements, when no
 * Kysely transaction holds the connection: the hot path's only database work.
 */
export function sqliteHandleOf(db: Db): SQLite.Database | undefined {
  return sqliteHandles.get(db);
}

/**
 * A lost database connection: the statements running on it fail with their own errors (and
 * are answered or retried by their callers); the event itself needs no action.
 */
function ignoreConnectionError(): void {}

/** Opens a Kysely instance on the chosen engine. */
export function openDb(target: DbTarget): Db {
  const io = target.io ?? new IoCounters();
  if (target.kind === 'postgres') {
    const pool = new (loadPg().Pool)({
      connectionString: target.dsn,
      max: target.poolSize ?? 20,
      options: target.pgSchema ? `-c search_path=${target.pgSchema}` : undefined,
    });
    // A connection the server drops (a restart, a network cut) must not end the process: the
    // queries it was running fail, the pool opens a new one for the next.
    pool.on('error', ignoreConnectionError);
    pool.on('connect', (client) => client.on('error', ignoreConnectionError));
    const db = new Kysely<Database>({
      dialect: new CurrentSchemaPostgresDialect({ pool: storableTextPool(pool, io) }),
    });
    pipelines.set(db, postgresPipeline(pool, io));
    return db;
  }
  if (target.kind === 'mysql') {
    const { createPool } = lazyRequire('mysql2') as typeof Mysql;
    const pool = createPool({
      uri: target.dsn,
      connectionLimit: target.poolSize ?? 20,
      decimalNumbers: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
      charset: 'utf8mb4',
    });
    pool.on('connection', (connection) => connection.on('error', ignoreConnectionError));
    countMysqlPool(pool, io);
    const db = new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
    pipelines.set(db, mysqlPipeline(target.dsn, io));
    return db;
  }
  if (target.sqlitePath !== ':memory:') mkdirSync(dirname(target.sqlitePath), { recursive: true });
  const database = new SQLite(target.sqlitePath);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  // SQLite's own default page cache (2 MB; better-sqlite3 builds it with 16 MB). The relay
  // appends logs and ledger rows at the right end of each index, so its working set is small,
  // while a larger cache filled up with pages written once: peak RSS under load ~8 MB lower,
  // throughput on par (measured side by side). Pages evicted stay in the OS's file cache.
  database.pragma('cache_size = -2000');
  // Statement journals and sorts in memory: a batch of settlements inserts up to 128 log rows
  // per statement, whose statement journal spilled to a file created and unlinked in /var/tmp
  // several times a second (side by side: non-stream throughput +1.5 %). The console's sorts
  // follow indexes or are LIMITed, so none holds more than a page of results in memory.
  database.pragma('temp_store = MEMORY');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: countedSqlite(database, io) }),
  });
  sqliteHandles.set(db, database);
  return db;
}

/**
 * Brings the schema up to date. Kysely's lock table keeps concurrent instances in line; on
 * PostgreSQL the migrator sees only the current schema's tables (`pg-schema-dialect.ts`).
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
