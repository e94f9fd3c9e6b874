import type { Db } from '../client.js';

/** Inserts a check-in; the unique (user, day) index refuses a second one of the same day. */
export async function insertCheckin(
  db: Db,
  row: { userId: number; date: string; quota: number; now: number },
): Promise<void> {
  await db
    .insertInto('checkins')
    .values({ user_id: row.userId, checkin_date: row.date, quota: row.quota, created_at: row.now })
    .execute();
}

/** A user's check-ins with dates from `from` to `to` (inclusive, `YYYY-MM-DD`), oldest first. */
export function listCheckins(db: Db, userId: number, from: string, to: string) {
  return db
    .selectFrom('checkins')
    .select(['checkin_date', 'quota', 'created_at'])
    .where('user_id', '=', userId)
    .where('checkin_date', '>=', from)
    .where('checkin_date', '<=', to)
    .orderBy('checkin_date')
    .execute();
}

/** How many check-ins a user has and the quota they gave in total. */
export async function checkinTotals(db: Db, userId: number) {
  const row = await db
    .selectFrom('checkins')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('days'),
      eb.fn.coalesce(eb.fn.sum<number | string>('quota'), eb.lit(0)).as('quota'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { days: Number(row.days), quota: Number(row.quota) };
}
