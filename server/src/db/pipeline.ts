import type * as Mysql from 'mysql2';
import type pg from 'pg';
import type { IoCounters } from '../lib/io-counters.js';
import { lazyRequire } from '../lib/lazy-require.js';
import { storable } from './pg-text.js';
import { spell, type RawResult, type RawStatement } from './raw-statement.js';

/**
 * A transaction sent to PostgreSQL or MySQL as one message: its statements, with their values
 * written into the text, between BEGIN and COMMIT. The server runs it without waiting for the
 * client between statements, so the rows it locks are locked for the time the server takes, not
 * for a round trip per statement (under load, each round trip of a busy Node process waits for
 * a turn of its event loop: a batch of ten statements held a hot row for tens of milliseconds,
 * and instances sharing the row waited on each other). A statement that fails ends it: nothing
 * after it runs, and the transaction is rolled back.
 */
export interface Pipeline {
  /** Runs the statements in one transaction; their results in order, or a rejection. */
  transact(statements: RawStatement[]): Promise<RawResult[]>;
  close(): Promise<void>;
}

/** A statement's `?` placeholders replaced by the literals of its values. */
function inline(sql: string, params: unknown[], literal: (value: unknown) => string): string {
  const parts = sql.split('?');
  if (parts.length - 1 !== params.length) {
    throw new Error(`statement has ${parts.length - 1} placeholders for ${params.length} values`);
  }
  let out = parts[0]!;
  for (let i = 0; i < params.length; i++) out += literal(params[i]) + parts[i + 1]!;
  return out;
}

/** A value as SQL text, strings through the engine's own escaping. */
function literalOf(escape: (text: string) => string): (value: unknown) => string {
  return (value) => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new Error('a statement value is not a finite number');
      return String(value);
    }
    if (typeof value === 'bigint') return String(value);
    if (typeof value === 'boolean') return value ? '1' : '0';
    if (typeof value === 'string') return escape(value);
    throw new Error(`a statement value of type ${typeof value} cannot be written as text`);
  };
}

/** The pipeline of a PostgreSQL pool (its connections are shared with Kysely). */
export function postgresPipeline(pool: pg.Pool, io: IoCounters): Pipeline {
  const { escapeLiteral } = lazyRequire('pg') as typeof pg;
  // PostgreSQL's text cannot hold NUL: stored as `pg-text.ts` stores parameters.
  const literal = literalOf((text) => escapeLiteral(storable(text) as string));
  return {
    async transact(statements) {
      const text = ['begin', ...statements.map((s) => inline(s.sql, s.params, literal)), 'commit'];
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const sent = client.query(text.join(';\n'));
        io.pipelined(statements.length, sent);
        const answer = (await sent) as unknown as pg.QueryResult | pg.QueryResult[];
        const results = Array.isArray(answer) ? answer : [answer];
        return results
          .slice(1, -1)
          .map((r) => ({ changes: r.rowCount ?? 0, rows: r.rows as RawResult['rows'] }));
      } catch (error) {
        // The transaction is aborted, or the connection lost: either way nothing was committed.
        await client.query('rollback').catch((e: Error) => (broken = e));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: async () => undefined,
  };
}

/**
 * The pipeline of MySQL: a connection of its own that accepts several statements per message
 * (Kysely's pool does not, so a value written into a statement elsewhere cannot smuggle a
 * second one), in strict mode, so that a guarded statement's NULL fails it rather than being
 * stored as 0.
 */
export function mysqlPipeline(uri: string, io: IoCounters): Pipeline {
  const mysql = lazyRequire('mysql2') as typeof Mysql;
  const literal = literalOf((text) => mysql.escape(text));
  const pool = mysql.createPool({
    uri,
    connectionLimit: 2,
    multipleStatements: true,
    decimalNumbers: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    charset: 'utf8mb4',
  });
  pool.on('connection', (connection) => {
    connection.on('error', () => undefined);
    connection.query("set session sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION'");
  });
  const promises = pool.promise();
  return {
    async transact(statements) {
      const text = [
        'start transaction',
        ...statements.map((s) => inline(spell('mysql', s.sql), s.params, literal)),
        'commit',
      ];
      const connection = await promises.getConnection();
      try {
        const sent = connection.query(text.join(';\n'));
        io.pipelined(statements.length, sent);
        const [answer] = await sent;
        const results = answer as unknown as Array<
          Mysql.ResultSetHeader | Array<Record<string, unknown>>
        >;
        return results
          .slice(1, -1)
          .map((r) =>
            Array.isArray(r) ? { changes: 0, rows: r } : { changes: r.affectedRows, rows: [] },
          );
      } catch (error) {
        await connection.query('rollback').catch(() => connection.destroy());
        throw error;
      } finally {
        connection.release();
      }
    },
    close: () => promises.end(),
  };
}
