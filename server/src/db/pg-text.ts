import type { PostgresCursor, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import type { IoCounters } from '../lib/io-counters.js';

/**
 * A string as PostgreSQL can take it: its text types cannot hold NUL (the server refuses the
 * whole statement), which SQLite and MySQL store. Each NUL becomes U+FFFD, as an undecodable
 * byte does, in writes and lookups alike, so a lookup finds what a write of the same string
 * stored.
 */
export const storable = (value: unknown): unknown =>
  typeof value === 'string' && value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value;

/**
 * The pool Kysely uses on PostgreSQL: `pool`, with every statement's string parameters made
 * storable, so a NUL in a request (a name, an id in a path) is no different on PostgreSQL than
 * on the other engines instead of failing the request. Every statement Kysely sends passes
 * here (its BEGIN and COMMIT too), so this is also where `io` counts and times them, and times
 * the wait for a pool connection.
 */
export function storableTextPool(pool: pg.Pool, io: IoCounters): PostgresPool {
  return {
    connect: async () => {
      const asked = performance.now();
      const client = await pool.connect();
      io.poolAcquires++;
      io.poolWaitMs += performance.now() - asked;
      const wrapped = {
        query: (query: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) => {
          if (typeof query !== 'string') {
            io.statements++; // a cursor (Kysely's `stream()`): counted, not timed
            return client.query(query as never);
          }
          io.statement(query);
          const started = performance.now();
          const result = client.query(query, parameters?.map(storable) as unknown[]);
          io.timeStatement(result, started);
          return result;
        },
        release: () => client.release(),
      };
      return wrapped as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
