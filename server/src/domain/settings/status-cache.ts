import type { StatusData } from '@gateway/shared';
import { version } from '../../lib/version.js';
import type { AppContext } from '../../context.js';
import { nowSeconds } from '../../lib/time.js';
import { isSetupDone } from '../users/setup.js';
import { buildStatus } from './build-status.js';

/**
 * The status object kept in memory and rebuilt after any setting changes (on any instance).
 * Until the first-run wizard is done each read asks whether it now is: the console reads the
 * status right after creating root and must not be sent back to /welcome. Once set up, a
 * read touches nothing but memory.
 */
export class StatusCache {
  private built: StatusData | null = null;
  private setup = false;
  private readonly startTime = nowSeconds();

  constructor(private readonly ctx: AppContext) {
    ctx.settings.onChange(() => this.invalidate());
  }

  /** Drops the built object so the next read rebuilds it. */
  invalidate(): void {
    this.built = null;
  }

  /** The current status object. */
  async get(): Promise<StatusData> {
    if (!this.setup && (await isSetupDone(this.ctx))) {
      this.setup = true;
      this.built = null;
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
