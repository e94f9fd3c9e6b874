import { TokenStatus } from '@gateway/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../client.js';
import { lowerContains } from '../like.js';
import type { TokensTable } from '../schema/index.js';

/** A stored API key row. */
export type TokenRow = Selectable<TokensTable>;

/** Filters of a user's key list. */
export interface TokenListFilter {
  userId: number;
  page: number;
  pageSize: number;
  /** Substring of the name. */
  keyword?: string;
  /** LIKE pattern of the key, made of letters, digits and `%` only. */
  keyPattern?: string;
  status?: number;
}

/** One page of a user's live keys, newest first, with the total count. */
export async function listTokens(db: Db, filter: TokenListFilter) {
  let query = db
    .selectFrom('tokens')
    .where('user_id', '=', filter.userId)
    .where('deleted_at', 'is', null);
  if (filter.keyword) query = query.where(lowerContains('name', filter.keyword));
  if (filter.keyPattern) query = query.where('key', 'like', filter.keyPattern);
  if (filter.status) query = query.where('status', '=', filter.status);
  const [count, items] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
  ]);
  return { total: Number(count.total), items };
}

/** One live key of a user. */
export function findToken(db: Db, userId: number, id: number): Promise<TokenRow | undefined> {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A live key by its value (without `sk-`), whoever owns it: the relay's lookup. */
export function findTokenByKey(db: Db, key: string): Promise<TokenRow | undefined> {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('key', '=', key)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** How many live keys a user holds. */
export async function countTokens(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('tokens')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Inserts keys and returns their ids in the order given (keys are unique). */
export async function insertTokens(
  db: Db,
  rows: Array<Insertable<TokensTable>>,
): Promise<number[]> {
  await db.insertInto('tokens').values(rows).execute();
  const stored = await db
    .selectFrom('tokens')
    .select(['id', 'key'])
    .where(
      'key',
      'in',
      rows.map((r) => r.key),
    )
    .execute();
  const idByKey = new Map(stored.map((r) => [r.key, r.id]));
  return rows.map((r) => idByKey.get(r.key) ?? 0);
}

/** Updates one live key of a user; returns whether it existed. */
export async function updateToken(
  db: Db,
  userId: number,
  id: number,
  values: Updateable<TokensTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('tokens')
    .set(values)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Soft-deletes live keys of a user; returns the ids actually deleted. */
export async function softDeleteTokens(
  db: Db,
  userId: number,
  ids: number[],
  now: number,
): Promise<number[]> {
  const owned = await db
    .selectFrom('tokens')
    .select('id')
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
  if (owned.length === 0) return [];
  const ownedIds = owned.map((r) => r.id);
  await db
    .updateTable('tokens')
    .set({ deleted_at: now })
    .where('id', 'in', ownedIds)
    .where('user_id', '=', userId)
    .execute();
  return ownedIds;
}

/** Marks a user's enabled keys whose expiry has passed as expired; returns their ids. */
export async function markExpiredTokens(db: Db, userId: number, now: number): Promise<number[]> {
  const expired = await db
    .selectFrom('tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 1)
    .where('expired_time', '!=', -1)
    .where('expired_time', '<', now)
    .where('deleted_at', 'is', null)
    .execute();
  if (expired.length === 0) return [];
  const ids = expired.map((r) => r.id);
  await db
    .updateTable('tokens')
    .set({ status: 3 })
    .where('id', 'in', ids)
    .where('status', '=', 1)
    .execute();
  return ids;
}

/** The full keys of a user's live keys among `ids`. */
export function findTokenKeys(db: Db, userId: number, ids: readonly number[]) {
  return db
    .selectFrom('tokens')
    .select(['id', 'key'])
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Which of `ids` are the user's own live keys. */
export async function findOwnTokenIds(
  db: Db,
  userId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('tokens')
    .select('id')
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/** A user's live keys that have a request rate limit, newest first, at most `limit`. */
export function findRateLimitedTokens(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('tokens')
    .select(['id', 'name', 'rate_limit_count', 'rate_limit_window_seconds'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('rate_limit_count', '>', 0)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many of a user's live keys have a request rate limit. */
export async function countRateLimitedTokens(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('tokens')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('rate_limit_count', '>', 0)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Marks an enabled, limited key whose remaining quota reached 0 as exhausted (guarded, so a
 * key refilled meanwhile stays enabled); true when it changed.
 */
export async function markTokenExhaustedIfEmpty(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('tokens')
    .set({ status: TokenStatus.exhausted })
    .where('id', '=', id)
    .where('status', '=', TokenStatus.enabled)
    .where('unlimited_quota', '=', 0)
    .where('remain_quota', '<=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Of the given keys, the enabled limited ones whose remaining quota reached 0. */
export async function findEmptyTokenIds(db: Db, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('tokens')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '=', TokenStatus.enabled)
    .where('unlimited_quota', '=', 0)
    .where('remain_quota', '<=', 0)
    .execute();
  return rows.map((row) => row.id);
}

/** A key's remaining and used quota, when it belongs to the user. */
export function findTokenBalance(db: Db, userId: number, id: number) {
  return db
    .selectFrom('tokens')
    .select(['remain_quota', 'used_quota'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Whether any key, live or deleted, has this value (keys are unique over both). */
export async function isKeyTaken(db: Db, key: string): Promise<boolean> {
  const row = await db.selectFrom('tokens').select('id').where('key', '=', key).executeTakeFirst();
  return row !== undefined;
}
