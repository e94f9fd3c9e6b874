import { settleDividends } from '../domain/agents/dividends.js';
import type { Job } from './job.js';

/** Credits agents' dividends for closed days, every hour (each day once). */
export const agentDividendsJob: Job = {
  name: 'agent-dividends',
  intervalMs: () => 3_600_000,
  // Soon after a start, so days that closed while the server was down are not left waiting.
  firstDelayMs: 60_000,
  async run(ctx) {
    const credited = await settleDividends(ctx);
    if (credited > 0) ctx.log.info({ credited }, 'agent dividends credited');
  },
};
