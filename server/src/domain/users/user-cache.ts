import type { Db } from '../../db/client.js';
import type { SharedState } from '../../lib/shared-state.js';

/** What authorization needs of a user on every request; never the balance. */
export interface CachedUser {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  language: string;
  /** Parsed user setting JSON. */
  setting: Record<string, unknown>;
}

const topic = 'user-changed';

/**
 * Users by id, in memory. Any change to a user's role, status, group or setting must call
 * `invalidate`, which reaches every instance, so bans and demotions apply at once.
 */
export class UserCache {
  private readonly users = new Map<number, CachedUser>();

  constructor(
    private readonly db: Db,
    private readonly shared: SharedState,
  ) {
    shared.subscribe(topic, (id) => this.users.delete(Number(id)));
  }

  /** The user, from memory or the database; null when it does not exist. */
  async get(id: number): Promise<CachedUser | null> {
    const hit = this.users.get(id);
    if (hit) return hit;
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'role', 'status', 'group', 'language', 'setting'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const user: CachedUser = { ...row, setting: parseSetting(row.setting) };
    if (this.users.size > 100_000) this.users.clear();
    this.users.set(id, user);
    return user;
  }

  /** Drops a user from every instance's cache. */
  async invalidate(id: number): Promise<void> {
    this.users.delete(id);
    await this.shared.publish(topic, String(id));
  }
}

function parseSetting(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
