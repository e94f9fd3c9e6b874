import type { Db } from '../client.js';

/** Stores a console session. */
export async function insertSession(
  db: Db,
  row: { id: string; userId: number; createdAt: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: row.id,
      user_id: row.userId,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** A session's user and expiry. */
export function findSession(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

/** Deletes one session. */
export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Deletes every session of a user, except `keep` when given. */
export async function deleteUserSessions(db: Db, userId: number, keep?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep) query = query.where('id', '!=', keep);
  await query.execute();
}
