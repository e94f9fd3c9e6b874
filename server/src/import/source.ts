import SQLite from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Kysely, MysqlDialect, SqliteDialect } from 'kysely';
import type * as Mysql from 'mysql2';
import type pg from 'pg';
import { CurrentSchemaPostgresDialect } from '../db/pg-schema-dialect.js';
import { lazyRequire } from '../lib/lazy-require.js';

/** A row as the source returns it: column name → value, whatever the engine's types. */
export type SourceRow = Record<string, unknown>;

/** The database another gateway (one-api or new-api) keeps, opened for reading. */
export interface Source {
  /** The address without its password: names the source in the import map and the report. */
  name: string;
  /** Columns of every table of the source, by table name. */
  tables: ReadonlyMap<string, ReadonlySet<string>>;
  /** Whether `table` exists and has `column`. */
  has(table: string, column?: string): boolean;
  /** Every row of a table without an id column (`options`). */
  all(table: string): Promise<SourceRow[]>;
  /** The rows of `table` with an id above `after`, by id, at most `limit`. */
  after(table: string, after: number, limit: number): Promise<SourceRow[]>;
  /** How many rows of `table` have an id above `after`. */
  countAfter(table: string, after: number): Promise<number>;
  close(): Promise<void>;
}

/** Thrown when the source cannot be opened or read; the command prints it and exits. */
export class SourceError extends Error {}

/**
 * Go's MySQL DSN, as one-api and new-api take it in `SQL_DSN`
 * (`user:password@tcp(host:3306)/database?parseTime=true`), as a mysql:// URL.
 */
export function mysqlUrlOfGoDsn(dsn: string): string | null {
  const match = /^([^:@/]*)(?::(.*))?@tcp\(([^)]+)\)\/([^?]*)/.exec(dsn);
  if (!match) return null;
  const [, user = '', password, host = '', database = ''] = match;
  const auth = encodeURIComponent(user) + (password ? `:${encodeURIComponent(password)}` : '');
  return `mysql://${auth}@${host}/${database}`;
}

/** A URL without its password, to name the source. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  parsed.search = '';
  return parsed.toString();
}

interface Opened {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the source's schema is read at run time
  db: Kysely<any>;
}

function openPostgres(url: string): Opened {
  const driver = lazyRequire('pg') as typeof pg;
  const pool = new driver.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  return {
    name: withoutPassword(url),
    db: new Kysely({ dialect: new CurrentSchemaPostgresDialect({ pool }) }),
  };
}

function openMysql(url: string): Opened {
  const { createPool } = lazyRequire('mysql2') as typeof Mysql;
  const pool = createPool({ uri: url, connectionLimit: 2, charset: 'utf8mb4', dateStrings: true });
  return { name: withoutPassword(url), db: new Kysely({ dialect: new MysqlDialect({ pool }) }) };
}

function openSqlite(path: string): Opened {
  const file = resolve(path);
  if (!existsSync(file)) throw new SourceError(`No SQLite database at ${file}`);
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  return { name: `sqlite:${file}`, db: new Kysely({ dialect: new SqliteDialect({ database }) }) };
}

/** Opens the address given to `--from`: a postgres:// or mysql:// URL, Go's MySQL DSN, or a SQLite file. */
function openAddress(from: string): Opened {
  if (/^postgres(ql)?:\/\//.test(from)) return openPostgres(from);
  if (/^mysql:\/\//.test(from)) return openMysql(from);
  const goDsn = mysqlUrlOfGoDsn(from);
  if (goDsn) return openMysql(goDsn);
  return openSqlite(
    from
      .replace(/^sqlite:(\/\/)?/, '')
      .replace(/^file:/, '')
      .split('?')[0] ?? '',
  );
}

/** Opens the source and reads which tables and columns it has. */
export async function openSource(from: string): Promise<Source> {
  const opened = openAddress(from);
  const { db } = opened;
  let tables: Map<string, Set<string>>;
  try {
    // On PostgreSQL, the tables of the address's current schema (its search_path) only.
    const found = await db.introspection.getTables();
    tables = new Map(found.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw new SourceError(`Cannot read ${opened.name}: ${(error as Error).message}`);
  }
  if (!tables.has('users') || !tables.has('tokens')) {
    await db.destroy();
    throw new SourceError(
      `${opened.name} has no users and tokens tables: not a one-api or new-api database`,
    );
  }
  return {
    name: opened.name,
    tables,
    has: (table, column) => {
      const columns = tables.get(table);
      return columns !== undefined && (column === undefined || columns.has(column));
    },
    all: (table) => db.selectFrom(table).selectAll().execute() as Promise<SourceRow[]>,
    after: (table, after, limit) =>
      db
        .selectFrom(table)
        .selectAll()
        .where('id', '>', after)
        .orderBy('id')
        .limit(limit)
        .execute() as Promise<SourceRow[]>,
    countAfter: async (table, after) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('id', '>', after)
        .executeTakeFirst();
      return Number((row as { n?: unknown } | undefined)?.n ?? 0);
    },
    close: () => db.destroy(),
  };
}
