import type { Db } from '../../db/client.js';
import { budgetOf, type Budget } from '../../lib/budget-period.js';
import type { SharedState } from '../../lib/shared-state.js';
import { withoutPrototypes } from '../../lib/null-prototype.js';
import { findUserFields } from '../../db/queries/users.js';

/** The columns authorization reads of a user. */
const cachedFields = [
  'id',
  'username',
  'role',
  'status',
  'group',
  'level',
  'language',
  'setting',
  'concurrency_limit',
  'tpm_limit',
  'budget_period',
  'budget_quota',
  'extra_discount',
  'model_discounts',
] as const;

/** What authorization needs of a user on every request; never the balance. */
export interface CachedUser {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  /** The user's level name. */
  level: string;
  /** The user's own terms beside the level. */
  overrides: UserOverrides;
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
    shared.subscribe(topic, (id) => {
      if (id === '*') this.users.clear();
      else this.users.delete(Number(id));
    });
  }

  /** The user if memory holds it (undefined: ask `get`). */
  cached(id: number): CachedUser | undefined {
    return this.users.get(id);
  }

  /** The user, from memory or the database; null when it does not exist. */
  async get(id: number): Promise<CachedUser | null> {
    const hit = this.users.get(id);
    if (hit) return hit;
    const row = await findUserFields(this.db, id, cachedFields);
    if (!row) return null;
    const {
      concurrency_limit,
      tpm_limit,
      budget_period,
      budget_quota,
      extra_discount,
      model_discounts,
      ...rest
    } = row;
    const user: CachedUser = {
      ...rest,
      setting: parseSetting(row.setting),
      overrides: {
        concurrencyLimit: concurrency_limit,
        tpmLimit: tpm_limit,
        budget: budgetOf(budget_period, budget_quota),
        extraDiscount: Number(extra_discount),
        modelDiscounts: parseModelDiscounts(model_discounts),
      },
    };
    if (this.users.size > 100_000) this.users.clear();
    this.users.set(id, user);
    return user;
  }

  /** Drops every user from every instance's cache (a level renamed or deleted). */
  async invalidateAll(): Promise<void> {
    this.users.clear();
    await this.shared.publish(topic, '*');
  }

  /** Drops a user from every instance's cache. */
  async invalidate(id: number): Promise<void> {
    this.users.delete(id);
    await this.shared.publish(topic, String(id));
  }
}

/** A user's own terms: a cap on requests in flight, an extra discount, per-model discounts. */
export interface UserOverrides {
  /** 0 = no own cap. */
  concurrencyLimit: number;
  /** Tokens per minute over all keys; 0 = no cap. */
  tpmLimit: number;
  /** Quota per day, week or month beside the balance; null = none. */
  budget: Budget | null;
  /** Multiplied with the level's discount (1 = none). */
  extraDiscount: number;
  /** Per model, a multiplier that replaces the level's discount for this user. */
  modelDiscounts: Record<string, number>;
}

/** The user's discounts by model, in an object without a prototype (looked up by model name). */
function parseModelDiscounts(raw: string): Record<string, number> {
  const value = parseSetting(raw);
  return withoutPrototypes(
    Object.fromEntries(
      Object.entries(value).filter(
        (e): e is [string, number] =>
          typeof e[1] === 'number' && Number.isFinite(e[1]) && e[1] >= 0,
      ),
    ),
  );
}

function parseSetting(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
