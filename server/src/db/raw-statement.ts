import { CompiledQuery, type Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import { IoCounters } from '../lib/io-counters.js';
import type { Dialect } from './dialect.js';

/**
 * One SQL statement written once for every engine: `?` placeholders, `"name"` for a quoted
 * identifier, and an optional trailing ` for update` (dropped on SQLite, whose write
 * transaction already excludes other writers).
 */
export interface RawStatement {
  sql: string;
  params: unknown[];
  /**
   * For a guarded statement (one that changes nothing when its condition does not hold): the
   * same change, failing instead, for a transaction sent whole (`db/pipeline.ts`), where
   * nobody reads a statement's count before the next one runs.
   */
  failing?: RawStatement;
  /**
   * A read whose result its program can do without (it then reads inside later statements):
   * left out of a transaction sent whole, where its result would not be read anyway.
   */
  optional?: boolean;
}

/** What a statement did: rows changed, and the rows it read. */
export interface RawResult {
  changes: number;
  rows: Array<Record<string, unknown>>;
}

const spelled: Record<Dialect, Map<string, string>> = {
  sqlite: new Map(),
  postgres: new Map(),
  mysql: new Map(),
};

/** The statement text in one engine's spelling (memoised: statements repeat). */
export function spell(dialect: Dialect, text: string): string {
  const cache = spelled[dialect];
  let out = cache.get(text);
  if (out !== undefined) return out;
  if (dialect === 'postgres') {
    let n = 0;
    out = text.replace(/\?/g, () => `$${++n}`);
  } else if (dialect === 'mysql') {
    out = text.replace(/"/g, '`');
  } else {
    out = text.replace(/ for update$/, '');
  }
  if (cache.size < 5000) cache.set(text, out);
  return out;
}

/** Runs a statement through Kysely (any engine; inside a transaction when given one). */
export async function runRaw(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema will do
  db: Kysely<any>,
  dialect: Dialect,
  statement: RawStatement,
): Promise<RawResult> {
  const result = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(spell(dialect, statement.sql), statement.params),
  );
  return { changes: Number(result.numAffectedRows ?? 0), rows: result.rows };
}

/** A connection's prepared statements, and the counters its runs count into. */
interface Prepared {
  statements: Map<string, SQLite.Statement>;
  io: IoCounters;
}

const prepared = new WeakMap<SQLite.Database, Prepared>();

/**
 * Counts the statements `runRawSync` runs on `raw` into `io`: one integer increment per run,
 * this being the SQLite relay's hottest path. Called when the connection is opened; a
 * connection opened without it counts into counters nobody reads.
 */
export function countRawStatements(raw: SQLite.Database, io: IoCounters): void {
  prepared.set(raw, { statements: new Map(), io });
}

/** Runs a statement synchronously on a better-sqlite3 connection (prepared once per text). */
export function runRawSync(raw: SQLite.Database, statement: RawStatement): RawResult {
  let cache = prepared.get(raw);
  if (!cache) prepared.set(raw, (cache = { statements: new Map(), io: new IoCounters() }));
  cache.io.statements++;
  let stmt = cache.statements.get(statement.sql);
  if (!stmt) {
    stmt = raw.prepare(spell('sqlite', statement.sql));
    if (cache.statements.size < 5000) cache.statements.set(statement.sql, stmt);
  }
  if (stmt.reader) {
    return { changes: 0, rows: stmt.all(...statement.params) as Array<Record<string, unknown>> };
  }
  return { changes: stmt.run(...statement.params).changes, rows: [] };
}
