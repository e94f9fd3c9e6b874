import { recoverChannels } from '../domain/channels/recover-channels.js';
import type { Job } from './job.js';

/** Probes channels taken out for their error rate once their cool-down has passed. */
export const channelRecoveryJob: Job = {
  name: 'channel-recovery',
  intervalMs: () => 30_000,
  run: (ctx, signal) => recoverChannels(ctx, signal),
};
