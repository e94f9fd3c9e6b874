import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import type * as Mysql from 'mysql2';
import type { IoCounters } from '../lib/io-counters.js';
import { countRawStatements } from './raw-statement.js';

// Where the SQL drivers count into `IoCounters` (lib/io-counters.ts). PostgreSQL is counted in
// the pool wrapper every Kysely statement goes through (pg-text.ts); MySQL and SQLite here.

/** The callback form of mysql2's `query`, the one Kysely uses. */
type QueryCallback = (error: unknown, result: unknown, fields: unknown) => void;
type Query = (this: unknown, sql: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Counts and times every statement on the pool's connections (Kysely sends each one, its
 * BEGIN and COMMIT too, with `connection.query(sql, parameters, callback)`), and times the
 * wait for a connection. A connection is hooked when the pool creates it, before its first
 * statement.
 */
export function countMysqlPool(pool: Mysql.Pool, io: IoCounters): void {
  const getConnection = pool.getConnection.bind(pool);
  pool.getConnection = (callback) => {
    const asked = performance.now();
    getConnection((error, connection) => {
      io.poolAcquires++;
      io.poolWaitMs += performance.now() - asked;
      callback(error, connection);
    });
  };
  pool.on('connection', (connection) => {
    const hooked = connection as unknown as { query: Query };
    const query = hooked.query;
    hooked.query = function (sql, values, callback) {
      if (typeof sql === 'string') io.statement(sql);
      else io.statements++;
      if (typeof callback !== 'function') return query.call(this, sql, values, callback);
      const started = performance.now();
      return query.call(this, sql, values, ((error, result, fields) => {
        io.dbWaitMs += performance.now() - started;
        (callback as QueryCallback)(error, result, fields);
      }) satisfies QueryCallback);
    };
  });
}

/**
 * The better-sqlite3 connection as Kysely sees it, counting what runs on it:
 * - Kysely prepares each statement it runs, so a statement is counted at `prepare` (its BEGIN,
 *   COMMIT and ROLLBACK too);
 * - the relay's money statements go through `runRawSync` (raw-statement.ts), which counts them
 *   with a plain increment;
 * - a better-sqlite3 transaction function (the relay's batches of settlements) counts one
 *   transaction and two statements (its BEGIN and COMMIT) each time it runs; one called inside
 *   another counts too (its SAVEPOINT and RELEASE).
 * Not counted: statements prepared and run on the connection directly (`total_changes()` reads
 * of balance-snapshots.ts and wal-writeback.ts, WAL checkpoints). Statements run synchronously
 * on the event loop, so there is no wait to time: SQLite's wait stays 0.
 */
export function countedSqlite(database: SQLite.Database, io: IoCounters): SqliteDatabase {
  countRawStatements(database, io);
  const transaction = database.transaction.bind(database);
  database.transaction = ((fn: (...args: unknown[]) => unknown) =>
    transaction(function (this: unknown, ...args: unknown[]) {
      io.transactions++;
      io.statements += 2;
      return fn.apply(this, args);
    })) as typeof database.transaction;
  return {
    prepare: (sql: string) => {
      io.statement(sql);
      return database.prepare(sql);
    },
    close: () => void database.close(),
  };
}
