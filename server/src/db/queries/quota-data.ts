import { sql, type Insertable } from 'kysely';
import type { Db } from '../client.js';
import { dialectOf } from '../dialect.js';
import type { QuotaDataTable } from '../schema/index.js';

/** One bucket's increments, keyed by (user_id, model_name, created_at). */
export type QuotaDataIncrement = Insertable<QuotaDataTable> & {
  token_used: number;
  count: number;
  quota: number;
};

/** MySQL: the stored total plus the value this statement tried to insert. */
const addValue = (column: string) => sql<number>`${sql.ref(column)} + values(${sql.ref(column)})`;

/**
 * Adds each row to its bucket in one statement: inserted when new, summed into the stored
 * totals when the bucket exists (so flushes from several instances add up). The rows must
 * have distinct buckets.
 */
export async function addToQuotaData(db: Db, rows: QuotaDataIncrement[]): Promise<void> {
  if (rows.length === 0) return;
  const insert = db.insertInto('quota_data').values(rows);
  if (dialectOf(db) === 'mysql') {
    await insert
      .onDuplicateKeyUpdate({
        username: sql`values(${sql.ref('username')})`,
        token_used: addValue('token_used'),
        count: addValue('count'),
        quota: addValue('quota'),
      })
      .execute();
    return;
  }
  await insert
    .onConflict((oc) =>
      oc.columns(['user_id', 'model_name', 'created_at']).doUpdateSet((eb) => ({
        username: eb.ref('excluded.username'),
        token_used: eb('quota_data.token_used', '+', eb.ref('excluded.token_used')),
        count: eb('quota_data.count', '+', eb.ref('excluded.count')),
        quota: eb('quota_data.quota', '+', eb.ref('excluded.quota')),
      })),
    )
    .execute();
}

/** Which buckets to read and how to group them. */
export interface QuotaDataRange {
  from: number;
  to: number;
  /** Restricts to one user by id. */
  userId?: number;
  /** Restricts to a username stored in the rows (users that no longer exist). */
  username?: string;
  /** Size of the reported bucket in seconds: 3600, 86400 or 604800. */
  bucketSeconds: number;
  /** Added to `created_at` before rounding down (time zone offset and week alignment). */
  shiftSeconds: number;
}

/** Per model and bucket: tokens, requests and quota, oldest bucket first. */
export async function sumQuotaData(db: Db, range: QuotaDataRange) {
  // Integer literals (validated by the caller), so that the select and the group by are the
  // same expression on PostgreSQL; `%` works alike on all three engines for positive values.
  const bucket = sql<number>`created_at - ((created_at + ${sql.lit(range.shiftSeconds)}) % ${sql.lit(range.bucketSeconds)})`;
  let query = db
    .selectFrom('quota_data')
    .select((eb) => [
      'model_name',
      bucket.as('bucket'),
      eb.fn.sum<number>('token_used').as('token_used'),
      eb.fn.sum<number>('count').as('count'),
      eb.fn.sum<number>('quota').as('quota'),
    ])
    .where('created_at', '>=', range.from)
    .where('created_at', '<=', range.to);
  if (range.userId !== undefined) query = query.where('user_id', '=', range.userId);
  if (range.username !== undefined) query = query.where('username', '=', range.username);
  const rows = await query
    .groupBy(['model_name', bucket])
    .orderBy(bucket)
    .orderBy('model_name')
    .execute();
  return rows.map((r) => ({
    model_name: r.model_name,
    created_at: Number(r.bucket),
    token_used: Number(r.token_used),
    count: Number(r.count),
    quota: Number(r.quota),
  }));
}
