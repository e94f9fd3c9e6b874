import { Role, type StatusData } from '@gateway/shared';
import { version } from '../../app.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { nowSeconds } from '../../lib/time.js';
import { buildStatus } from './build-status.js';

/** How often, at most, to look for the root account while the system is not set up. */
const setupRecheckMs = 2000;

/**
 * The status object kept in memory: rebuilt after any setting changes (on any instance),
 * and `setup` re-checked every few seconds until the root account exists.
 */
export class StatusCache {
  private built: StatusData | null = null;
  private setup = false;
  private setupCheckedAt = 0;
  private readonly startTime = nowSeconds();

  constructor(private readonly ctx: AppContext) {
    ctx.settings.onChange(() => this.invalidate());
  }

  /** Drops the built object (and the setup verdict if still false) so the next read rebuilds. */
  invalidate(): void {
    this.built = null;
    this.setupCheckedAt = 0;
  }

  /** The current status object. */
  async get(): Promise<StatusData> {
    if (!this.setup && Date.now() - this.setupCheckedAt >= setupRecheckMs) {
      this.setupCheckedAt = Date.now();
      if (await rootExists(this.ctx.db)) {
        this.setup = true;
        this.built = null;
      }
    }
    this.built ??= buildStatus(this.ctx.settings, {
      version,
      startTime: this.startTime,
      setup: this.setup,
    });
    return this.built;
  }
}

const caches = new WeakMap<AppContext, StatusCache>();

/** The status cache of a context (created on first use). */
export function statusCacheOf(ctx: AppContext): StatusCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new StatusCache(ctx);
    caches.set(ctx, cache);
  }
  return cache;
}

/** Whether a root account exists. */
async function rootExists(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', Role.root)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
