import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../client.js';
import { dialectOf } from '../dialect.js';
import type { MidjourneysTable, TasksTable } from '../schema/index.js';

export type DrawingRow = Selectable<MidjourneysTable>;
export type TaskRow = Selectable<TasksTable>;

/** Inserts a row and returns its id (MySQL has no RETURNING). */
async function insertReturningId(
  db: Db,
  table: 'midjourneys' | 'tasks',
  row: Insertable<MidjourneysTable> | Insertable<TasksTable>,
): Promise<number> {
  const insert = db.insertInto(table).values(row as Insertable<TasksTable>);
  if (dialectOf(db) === 'postgres') {
    return Number((await insert.returning('id').executeTakeFirstOrThrow()).id);
  }
  return Number((await insert.executeTakeFirstOrThrow()).insertId);
}

/** Inserts a drawing; returns its row id. */
export const insertDrawing = (db: Db, row: Insertable<MidjourneysTable>) =>
  insertReturningId(db, 'midjourneys', row);

/** Inserts a music or video task; returns its row id. */
export const insertTask = (db: Db, row: Insertable<TasksTable>) =>
  insertReturningId(db, 'tasks', row);

/** A drawing by its public id, only the owner's when `userId` is given. */
export function findDrawing(db: Db, mjId: string, userId?: number) {
  let query = db.selectFrom('midjourneys').selectAll().where('mj_id', '=', mjId);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.executeTakeFirst();
}

/** Drawings by public ids, only the owner's. */
export function findDrawings(db: Db, mjIds: string[], userId: number) {
  if (mjIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('midjourneys')
    .selectAll()
    .where('mj_id', 'in', mjIds)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** A music or video task by its public id, only the owner's when `userId` is given. */
export function findTask(db: Db, taskId: string, userId?: number) {
  let query = db.selectFrom('tasks').selectAll().where('task_id', '=', taskId);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.executeTakeFirst();
}

/** Tasks by public ids, only the owner's. */
export function findTasks(db: Db, taskIds: string[], userId: number) {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('task_id', 'in', taskIds)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/**
 * Changes an unfinished drawing (compare-and-set on `finish_time = 0`, so a finished one never
 * changes again); returns whether it changed.
 */
export async function updateOpenDrawing(
  db: Db,
  id: number,
  changes: Updateable<MidjourneysTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('midjourneys')
    .set(changes)
    .where('id', '=', id)
    .where('finish_time', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Changes an unfinished music or video task (compare-and-set on `finish_time = 0`). */
export async function updateOpenTask(
  db: Db,
  id: number,
  changes: Updateable<TasksTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('tasks')
    .set(changes)
    .where('id', '=', id)
    .where('finish_time', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Unfinished drawings due for a poll, oldest first. */
export function dueDrawings(db: Db, now: number, limit: number) {
  return db
    .selectFrom('midjourneys')
    .selectAll()
    .where('finish_time', '=', 0)
    .where('next_poll_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Unfinished music and video tasks due for a poll, oldest first. */
export function dueTasks(db: Db, now: number, limit: number) {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('finish_time', '=', 0)
    .where('next_poll_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Puts off the next poll of rows (backoff after a failed or empty poll). */
export async function postponePolls(
  db: Db,
  table: 'midjourneys' | 'tasks',
  ids: number[],
  nextPollAt: number,
  failed: boolean,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable(table)
    .set((eb) => ({
      next_poll_at: nextPollAt,
      poll_errors: failed ? eb('poll_errors', '+', 1) : 0,
    }))
    .where('id', 'in', ids)
    .where('finish_time', '=', 0)
    .execute();
}

/** Filters of the drawing and task lists. */
export interface TaskListFilter {
  userId?: number;
  username?: string;
  channelId?: number;
  publicId?: string;
  platform?: string;
  action?: string;
  status?: string;
  /** Submit time bounds in the table's unit. */
  from?: number;
  to?: number;
  page: number;
  pageSize: number;
}

/** A page of drawings, newest first, with the owner's name. */
export async function listDrawings(db: Db, f: TaskListFilter) {
  let query = db.selectFrom('midjourneys').leftJoin('users', 'users.id', 'midjourneys.user_id');
  if (f.userId !== undefined) query = query.where('midjourneys.user_id', '=', f.userId);
  if (f.username) query = query.where('users.username', '=', f.username);
  if (f.channelId) query = query.where('midjourneys.channel_id', '=', f.channelId);
  if (f.publicId) query = query.where('midjourneys.mj_id', '=', f.publicId);
  if (f.action) query = query.where('midjourneys.action', '=', f.action);
  if (f.status !== undefined) query = query.where('midjourneys.status', '=', f.status);
  if (f.from) query = query.where('midjourneys.submit_time', '>=', f.from);
  if (f.to) query = query.where('midjourneys.submit_time', '<=', f.to);
  const [rows, count] = await Promise.all([
    query
      .selectAll('midjourneys')
      .select('users.username')
      .orderBy('midjourneys.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** A page of music and video tasks, newest first, with the owner's name. */
export async function listTasks(db: Db, f: TaskListFilter) {
  let query = db.selectFrom('tasks').leftJoin('users', 'users.id', 'tasks.user_id');
  if (f.userId !== undefined) query = query.where('tasks.user_id', '=', f.userId);
  if (f.username) query = query.where('users.username', '=', f.username);
  if (f.channelId) query = query.where('tasks.channel_id', '=', f.channelId);
  if (f.publicId) query = query.where('tasks.task_id', '=', f.publicId);
  if (f.platform) query = query.where('tasks.platform', '=', f.platform);
  if (f.action) query = query.where('tasks.action', '=', f.action);
  if (f.status !== undefined) query = query.where('tasks.status', '=', f.status);
  if (f.from) query = query.where('tasks.submit_time', '>=', f.from);
  if (f.to) query = query.where('tasks.submit_time', '<=', f.to);
  const [rows, count] = await Promise.all([
    query
      .selectAll('tasks')
      .select('users.username')
      .orderBy('tasks.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** A row of either table by its row id. */
export async function findTaskRow(
  db: Db,
  table: 'midjourneys' | 'tasks',
  id: number,
): Promise<DrawingRow | TaskRow | undefined> {
  return table === 'midjourneys'
    ? db.selectFrom('midjourneys').selectAll().where('id', '=', id).executeTakeFirst()
    : db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets columns of a row of either table (whatever its state). */
export async function updateTaskRow(
  db: Db,
  table: 'midjourneys' | 'tasks',
  id: number,
  changes: Updateable<MidjourneysTable> & Updateable<TasksTable>,
): Promise<void> {
  await db.updateTable(table).set(changes).where('id', '=', id).execute();
}

/**
 * Ends an unfinished row of either table with the given columns: a compare-and-set on
 * `finish_time = 0`. True when this call ended it.
 */
export async function endTaskRow(
  db: Db,
  table: 'midjourneys' | 'tasks',
  id: number,
  values: Updateable<MidjourneysTable> & Updateable<TasksTable>,
): Promise<boolean> {
  const ended = await db
    .updateTable(table)
    .set(values)
    .where('id', '=', id)
    .where('finish_time', '=', 0)
    .executeTakeFirst();
  return Number(ended.numUpdatedRows) === 1;
}

/** Every drawing with the upstream's id on a channel, oldest first. */
export function findDrawingsByUpstream(db: Db, channelId: number, upstreamId: string) {
  return db
    .selectFrom('midjourneys')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('upstream_id', '=', upstreamId)
    .orderBy('id')
    .execute();
}
