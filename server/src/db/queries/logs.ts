import { LogType } from '@gateway/shared';
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
} from 'kysely';
import type { Db } from '../client.js';
import { startsWith } from '../like.js';
import type { Database, LogsTable } from '../schema/index.js';

/** A stored log row. */
export type LogRow = Selectable<LogsTable>;

/** Which logs a query covers; the owner (`userId`) is set for every non-admin caller. */
export interface LogWhere {
  userId?: number;
  tokenId?: number;
  /** 1-6; 0 or missing = every type. */
  type?: number;
  /** Oldest `created_at` included. */
  from?: number;
  /** Newest `created_at` included. */
  to?: number;
  tokenName?: string;
  modelName?: string;
  group?: string;
  requestId?: string;
  /** Matched on the name stored in the log (for users that no longer exist). */
  username?: string;
  channelId?: number;
  /** Prefix search over model, key name and request id (and username for admins). */
  keyword?: { text: string; username: boolean };
}

/** A position in the (created_at, id) order, for keyset pagination. */
export interface LogCursor {
  createdAt: number;
  id: number;
}

/** The conditions of `w` as one expression on `logs`. */
export function logWhere(w: LogWhere) {
  return (eb: ExpressionBuilder<Database, 'logs'>): Expression<SqlBool> => {
    const all: Array<Expression<SqlBool>> = [];
    if (w.userId !== undefined) all.push(eb('logs.user_id', '=', w.userId));
    if (w.tokenId !== undefined) all.push(eb('logs.token_id', '=', w.tokenId));
    if (w.type) all.push(eb('logs.type', '=', w.type));
    if (w.from !== undefined) all.push(eb('logs.created_at', '>=', w.from));
    if (w.to !== undefined) all.push(eb('logs.created_at', '<=', w.to));
    if (w.tokenName !== undefined) all.push(eb('logs.token_name', '=', w.tokenName));
    if (w.modelName !== undefined) all.push(eb('logs.model_name', '=', w.modelName));
    if (w.group !== undefined) all.push(eb('logs.group', '=', w.group));
    if (w.requestId !== undefined) all.push(eb('logs.request_id', '=', w.requestId));
    if (w.username !== undefined) all.push(eb('logs.username', '=', w.username));
    if (w.channelId !== undefined) all.push(eb('logs.channel_id', '=', w.channelId));
    if (w.keyword) all.push(keywordMatch(eb, w.keyword.text, w.keyword.username));
    return eb.and(all);
  };
}

function keywordMatch(
  eb: ExpressionBuilder<Database, 'logs'>,
  text: string,
  withUsername: boolean,
): Expression<SqlBool> {
  const prefix = (column: 'model_name' | 'token_name' | 'username') =>
    startsWith(`logs.${column}`, text);
  const any: Array<Expression<SqlBool>> = [
    prefix('model_name'),
    prefix('token_name'),
    eb('logs.request_id', '=', text),
  ];
  if (withUsername) any.push(prefix('username'));
  if (/^[1-6]$/.test(text)) any.push(eb('logs.type', '=', Number(text)));
  return eb.or(any);
}

/** How many logs match. */
export async function countLogs(db: Db, w: LogWhere): Promise<number> {
  const row = await db
    .selectFrom('logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(logWhere(w))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of matching logs, newest first. */
export function pageOfLogs(db: Db, w: LogWhere, limit: number, offset: number): Promise<LogRow[]> {
  return db
    .selectFrom('logs')
    .selectAll()
    .where(logWhere(w))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Up to `limit` matching logs after `cursor` in ascending (created_at, id) order. */
export function logsAfter(
  db: Db,
  w: LogWhere,
  cursor: LogCursor | null,
  limit: number,
): Promise<LogRow[]> {
  let query = db.selectFrom('logs').selectAll().where(logWhere(w));
  if (cursor) {
    // The leading `created_at >=` keeps this a plain range scan of the index on every engine.
    query = query
      .where('created_at', '>=', cursor.createdAt)
      .where((eb) =>
        eb.or([
          eb('created_at', '>', cursor.createdAt),
          eb.and([eb('created_at', '=', cursor.createdAt), eb('id', '>', cursor.id)]),
        ]),
      );
  }
  return query.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit).execute();
}

/** Sum of quota, request count and token count over the matching logs. */
export async function sumLogs(
  db: Db,
  w: LogWhere,
): Promise<{ quota: number; requests: number; tokens: number }> {
  const row = await db
    .selectFrom('logs')
    .select((eb) => [
      eb.fn.sum<number | null>('quota').as('quota'),
      eb.fn.countAll<number>().as('requests'),
      eb.fn.sum<number | null>(eb('prompt_tokens', '+', eb.ref('completion_tokens'))).as('tokens'),
    ])
    .where(logWhere(w))
    .executeTakeFirstOrThrow();
  return {
    quota: Number(row.quota ?? 0),
    requests: Number(row.requests),
    tokens: Number(row.tokens ?? 0),
  };
}

/** Ids of up to `limit` logs created before `cutoff`, oldest first. */
export async function oldLogIds(db: Db, cutoff: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('logs')
    .select('id')
    .where('created_at', '<', cutoff)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Deletes the logs with ids in [low, high] created before `cutoff`; returns how many. */
export async function deleteLogRange(
  db: Db,
  low: number,
  high: number,
  cutoff: number,
): Promise<number> {
  const result = await db
    .deleteFrom('logs')
    .where('id', '>=', low)
    .where('id', '<=', high)
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Names of the given channels by id. */
export async function channelNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('channels')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The id of the user with this name, or null. */
export async function userIdByName(db: Db, username: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  return row ? row.id : null;
}

/** Appends one log row (management, system and test lines; relay rows are written by billing). */
export async function insertLog(db: Db, row: Insertable<LogsTable>): Promise<void> {
  await db.insertInto('logs').values(row).execute();
}

/** Appends log rows in one statement (imports; the relay's rows are written by billing). */
export async function insertLogRows(db: Db, rows: Array<Insertable<LogsTable>>): Promise<void> {
  if (rows.length) await db.insertInto('logs').values(rows).execute();
}

/** Points a request's consume log at the channel that finally served it. */
export async function setConsumeLogChannel(
  db: Db,
  requestId: string,
  channelId: number,
): Promise<void> {
  await db
    .updateTable('logs')
    .set({ channel_id: channelId })
    .where('request_id', '=', requestId)
    .where('type', '=', LogType.consume)
    .execute();
}
