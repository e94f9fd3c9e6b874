import type { Db } from '../../db/client.js';
import { randomId } from '../../lib/random.js';
import type { SharedState } from '../../lib/shared-state.js';
import { nowSeconds } from '../../lib/time.js';
import {
  deleteSession,
  deleteUserSessions,
  findSession,
  insertSession,
} from '../../db/queries/sessions.js';

/** Sessions live 30 days. */
export const sessionTtlSeconds = 30 * 24 * 3600;

/** Server-side console sessions: the cookie carries only the id. */
export interface SessionStore {
  /** Starts a session and returns its id. */
  create(userId: number): Promise<string>;
  /** The user id of a live session, or null. */
  find(sessionId: string): Promise<number | null>;
  destroy(sessionId: string): Promise<void>;
  /** Ends every session of a user, except `keep` if given. */
  revokeAll(userId: number, keep?: string): Promise<void>;
}

/** Sessions in Redis when instances share it, else in the database. */
export function createSessionStore(db: Db, shared: SharedState): SessionStore {
  return shared.kind === 'redis' ? new SharedSessionStore(shared) : new DbSessionStore(db);
}

class DbSessionStore implements SessionStore {
  constructor(private readonly db: Db) {}

  async create(userId: number): Promise<string> {
    const id = randomId();
    const now = nowSeconds();
    await insertSession(this.db, {
      id,
      userId,
      createdAt: now,
      expiresAt: now + sessionTtlSeconds,
    });
    return id;
  }

  async find(sessionId: string): Promise<number | null> {
    const row = await findSession(this.db, sessionId);
    return row && row.expires_at > nowSeconds() ? row.user_id : null;
  }

  async destroy(sessionId: string): Promise<void> {
    await deleteSession(this.db, sessionId);
  }

  async revokeAll(userId: number, keep?: string): Promise<void> {
    await deleteUserSessions(this.db, userId, keep);
  }
}

class SharedSessionStore implements SessionStore {
  constructor(private readonly shared: SharedState) {}

  async create(userId: number): Promise<string> {
    const id = randomId();
    await this.shared.set(`sess:${id}`, `${userId}:${Date.now()}`, sessionTtlSeconds);
    return id;
  }

  async find(sessionId: string): Promise<number | null> {
    const value = await this.shared.get(`sess:${sessionId}`);
    if (!value) return null;
    const [userId, createdAt] = value.split(':').map(Number);
    const revokedBefore = Number((await this.shared.get(`sess-revoked:${userId}`)) ?? 0);
    return createdAt >= revokedBefore ? userId : null;
  }

  async destroy(sessionId: string): Promise<void> {
    await this.shared.del(`sess:${sessionId}`);
  }

  async revokeAll(userId: number, keep?: string): Promise<void> {
    await this.shared.set(`sess-revoked:${userId}`, String(Date.now() + 1), sessionTtlSeconds);
    if (keep)
      await this.shared.set(`sess:${keep}`, `${userId}:${Date.now() + 2}`, sessionTtlSeconds);
  }
}
