import type { PostgresCursor, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * A string as PostgreSQL can take it: its text types cannot hold NUL (the server refuses the
 * whole statement), which SQLite and MySQL store. Each NUL becomes U+FFFD, as an undecodable
 * byte does, in writes and lookups alike, so a lookup finds what a write of the same string
 * stored.
 */
const storable = (value: unknown): unknown =>
  typeof value === 'string' && value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value;

/**
 * The pool Kysely uses on PostgreSQL: `pool`, with every statement's string parameters made
 * storable, so a NUL in a request (a name, an id in a path) is no different on PostgreSQL than
 * on the other engines instead of failing the request.
 */
export function storableTextPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      const wrapped = {
        query: (query: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) =>
          typeof query === 'string'
            ? client.query(query, parameters?.map(storable) as unknown[])
            : client.query(query as never),
        release: () => client.release(),
      };
      return wrapped as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
