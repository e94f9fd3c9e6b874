import type { StatusData } from '@gateway/shared';
import type { BaseContext } from '../../base-context.js';
import { nowSeconds } from '../../lib/time.js';
import { version } from '../../lib/version.js';
import { isSetupDone } from '../users/setup-state.js';
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

  constructor(private readonly base: Pick<BaseContext, 'db' | 'settings'>) {
    base.settings.onChange(() => this.invalidate());
  }

  /** Drops the built object so the next read rebuilds it. */
  invalidate(): void {
    this.built = null;
  }

  /**
   * Whether the first-run wizard is done. Once a database is set up it stays so (root can be
   * neither deleted nor demoted), so a yes is remembered; until then every call asks again.
   */
  async isSetupDone(): Promise<boolean> {
    if (!this.setup && (await isSetupDone(this.base.db))) {
      this.setup = true;
      this.built = null;
    }
    return this.setup;
  }

  /** The current status object. */
  async get(): Promise<StatusData> {
    await this.isSetupDone();
    this.built ??= buildStatus(this.base.settings, {
      version,
      startTime: this.startTime,
      setup: this.setup,
    });
    return this.built;
  }
}
