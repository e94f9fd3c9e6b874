import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../client.js';
import type { NotificationPrefsTable, NotificationsTable } from '../schema/index.js';

export type NotificationPrefsRow = Selectable<NotificationPrefsTable>;
export type NotificationRow = Selectable<NotificationsTable>;

/** Enabled users of at least `role` (finance staff and above, for payment incidents). */
export async function findUserIdsWithRole(db: Db, role: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '>=', role)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export function findPrefs(db: Db, userId: number): Promise<NotificationPrefsRow | undefined> {
  return db
    .selectFrom('notification_prefs')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Prefs of several users at once (one query per settlement batch). */
export function findPrefsOf(db: Db, userIds: number[]): Promise<NotificationPrefsRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('notification_prefs').selectAll().where('user_id', 'in', userIds).execute();
}

/** Inserts or replaces a user's settings. */
export async function savePrefs(db: Db, row: Insertable<NotificationPrefsTable>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notification_prefs').where('user_id', '=', row.user_id).execute();
    await trx.insertInto('notification_prefs').values(row).execute();
  });
}

export async function insertNotification(
  db: Db,
  row: Insertable<NotificationsTable>,
): Promise<void> {
  await db.insertInto('notifications').values(row).execute();
}

/** Pending notifications whose time has come, oldest first. */
export function dueNotifications(db: Db, now: number, limit: number): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Claims a pending notification for one delivery attempt by pushing its next attempt out:
 * of two instances racing, one claims it. True when this one did.
 */
export async function claimNotification(
  db: Db,
  row: NotificationRow,
  leaseUntil: number,
): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ next_attempt_at: leaseUntil, attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishNotification(
  db: Db,
  id: number,
  values: {
    status: 'sent' | 'failed' | 'pending';
    last_error?: string;
    sent_at?: number;
    next_attempt_at?: number;
  },
): Promise<void> {
  await db.updateTable('notifications').set(values).where('id', '=', id).execute();
}

/** One page of a user's notifications, newest first. */
export async function listNotifications(db: Db, userId: number, page: number, size: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
