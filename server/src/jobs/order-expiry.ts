import { closeExpiredOrders } from '../domain/payments/close.js';
import type { Job } from './job.js';

/** Closes top-up orders left unpaid past the payment window (and their payment pages), every minute. */
export const orderExpiryJob: Job = {
  name: 'order-expiry',
  intervalMs: () => 60_000,
  async run(ctx) {
    const closed = await closeExpiredOrders(ctx);
    if (closed > 0) ctx.log.info({ closed }, 'unpaid orders closed');
  },
};
