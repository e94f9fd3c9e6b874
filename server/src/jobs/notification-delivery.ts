import type { Job } from './job.js';

/** Delivers queued notifications whose (re)try is due, every 15 seconds. */
export const notificationDeliveryJob: Job = {
  name: 'notification-delivery',
  intervalMs: () => 15_000,
  async run(ctx) {
    await ctx.notifications.drain();
  },
};
