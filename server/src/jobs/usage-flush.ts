import { dataExportInterval } from '../config/settings/groups/general.js';
import type { Job } from './job.js';

/** Writes this instance's hourly usage buckets to `quota_data` every `DataExportInterval` minutes. */
export const usageFlushJob: Job = {
  name: 'usage-flush',
  intervalMs: (ctx) => ctx.settings.get(dataExportInterval) * 60_000,
  // Each instance buffers its own requests, so each must flush its own buffer.
  everyInstance: true,
  async run(ctx) {
    await ctx.usage.flush();
  },
};
