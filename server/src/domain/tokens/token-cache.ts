import { mjSetting, type MjSetting } from '@gateway/shared';
import { budgetOf, type Budget } from '../../lib/budget-period.js';
import type { BaseContext } from '../../base-context.js';
import { findTokenByKey, type TokenRow } from '../../db/queries/tokens.js';
import { compileIpList, type IpMatcher } from '../../lib/ip-matcher.js';

/** What the relay needs of an API key on every request; never its remaining quota. */
export interface CachedToken {
  id: number;
  userId: number;
  name: string;
  /** 1 enabled, 2 disabled, 3 expired, 4 exhausted. */
  status: number;
  /** Unix seconds, -1 = never. */
  expiredTime: number;
  /** True when the key has no cap of its own (the owner's balance still applies). */
  unlimited: boolean;
  /** Models the key may call; null = any. */
  modelLimits: ReadonlySet<string> | null;
  /** Client IPs allowed; null = any. */
  allowIps: IpMatcher | null;
  /** Client IPs refused; null = none. */
  denyIps: IpMatcher | null;
  /** The key's group; empty = the owner's group. */
  group: string;
  /** Requests per window (`count` 0 = no limit) and the message returned when over it. */
  rateLimit: { count: number; windowSeconds: number; message: string };
  /** Midjourney: forced speed mode, image serving, burst backup pool. */
  mj: MjSetting;
  /** Requests in flight at once; 0 = no cap. */
  maxParallel: number;
  /** Groups tried in order after the key's own group. */
  fallbackGroups: readonly string[];
  /** Tokens per minute, counted at settlement; 0 = no cap. */
  tpmLimit: number;
  /** Quota per day, week or month beside the lifetime quota; null = none. */
  budget: Budget | null;
}

/** The stored Midjourney settings of a key; unreadable text counts as none. */
function readMjSetting(text: string): MjSetting {
  try {
    return mjSetting.parse(JSON.parse(text || '{}'));
  } catch {
    return mjSetting.parse({});
  }
}

const topic = 'token-changed';
/** How long an unknown key is remembered as unknown, so floods of bad keys stay cheap. */
const missTtlMs = 30_000;
const maxEntries = 100_000;

type Entry = { token: CachedToken; at: number } | { token: null; at: number };

/** Turns a stored row into its cached form. */
export function toCachedToken(row: TokenRow): CachedToken {
  const models = row.model_limits
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    status: row.status,
    expiredTime: row.expired_time,
    unlimited: row.unlimited_quota === 1,
    modelLimits: row.model_limits_enabled === 1 ? new Set(models) : null,
    allowIps: compileIpList(row.allow_ips),
    denyIps: compileIpList(row.deny_ips),
    group: row.group,
    rateLimit: {
      count: row.rate_limit_count,
      windowSeconds: row.rate_limit_window_seconds,
      message: row.rate_limit_message,
    },
    mj: readMjSetting(row.mj_setting),
    maxParallel: row.max_parallel,
    fallbackGroups: row.fallback_groups
      .split(',')
      .map((g) => g.trim())
      .filter(Boolean),
    tpmLimit: row.tpm_limit,
    budget: budgetOf(row.budget_period, row.budget_quota),
  };
}

/**
 * API keys by value, in memory. Every change to a key must call `invalidate`, which reaches
 * every instance, so a disabled or deleted key stops working at once everywhere.
 */
export class TokenCache {
  private readonly byKey = new Map<string, Entry>();
  private readonly keyById = new Map<number, string>();
  /** Bumped by every invalidation, so a lookup racing with a change does not store stale data. */
  private generation = 0;

  constructor(private readonly ctx: Pick<BaseContext, 'db' | 'shared'>) {
    ctx.shared.subscribe(topic, (message) => this.forget(message));
  }

  /**
   * What memory knows of a key without a query: the key, null when no live key has this value,
   * undefined when it must be looked up (`findByKey`).
   */
  cached(key: string): CachedToken | null | undefined {
    const hit = this.byKey.get(key);
    if (hit && (hit.token !== null || Date.now() - hit.at < missTtlMs)) return hit.token;
    return undefined;
  }

  /** The key (48 characters, without `sk-`), or null when no live key has this value. */
  async findByKey(key: string): Promise<CachedToken | null> {
    const known = this.cached(key);
    if (known !== undefined) return known;
    const generation = this.generation;
    const row = await findTokenByKey(this.ctx.db, key);
    const token = row ? toCachedToken(row) : null;
    if (generation === this.generation) {
      if (this.byKey.size >= maxEntries) this.clear();
      this.byKey.set(key, { token, at: Date.now() });
      if (token) this.keyById.set(token.id, key);
    }
    return token;
  }

  /** Drops keys from every instance's cache; call after any change to them. */
  async invalidate(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const message = ids.join(',');
    this.forget(message);
    await this.ctx.shared.publish(topic, message);
  }

  private forget(message: string): void {
    this.generation++;
    for (const id of message.split(',').map(Number)) {
      const key = this.keyById.get(id);
      if (key === undefined) continue;
      this.byKey.delete(key);
      this.keyById.delete(id);
    }
  }

  private clear(): void {
    this.byKey.clear();
    this.keyById.clear();
  }
}
