import { logRetentionDays } from '../config/settings/groups/logs.js';
import { deleteLogsBefore } from '../domain/logs/delete-logs.js';
import { nowSeconds } from '../lib/time.js';
import type { Job } from './job.js';

/** Rows deleted per statement. */
const batchSize = 5000;
/** Pause between batches, so that relay writes are not starved. */
const pauseMs = 50;

/** Deletes logs older than `LogRetentionDays` (0 keeps them forever), hourly, in batches. */
export const logRetentionJob: Job = {
  name: 'log-retention',
  intervalMs: () => 3600_000,
  firstDelayMs: 60_000,
  async run(ctx, signal) {
    const days = ctx.settings.get(logRetentionDays);
    if (days <= 0) return;
    const cutoff = nowSeconds() - days * 86400;
    const deleted = await deleteLogsBefore(ctx.db, cutoff, { batchSize, pauseMs, signal });
    if (deleted > 0) ctx.log.info({ deleted, cutoff }, 'old logs deleted');
  },
};
