import { upgradeDueUsers } from '../domain/levels/upgrade.js';
import type { Job } from './job.js';

/** Upgrades users whose time-based level requirements fell due, every hour. */
export const levelUpgradeJob: Job = {
  name: 'level-upgrade',
  intervalMs: () => 3_600_000,
  async run(ctx) {
    const moved = await upgradeDueUsers(ctx);
    if (moved > 0) ctx.log.info({ moved }, 'users upgraded to a new level');
  },
};
