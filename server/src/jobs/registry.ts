import type { AppContext } from '../context.js';
import { randomId } from '../lib/random.js';
import { agentDividendsJob } from './agent-dividends.js';
import { channelRecoveryJob } from './channel-recovery.js';
import { levelUpgradeJob } from './level-upgrade.js';
import { logRetentionJob } from './log-retention.js';
import { notificationDeliveryJob } from './notification-delivery.js';
import { orderExpiryJob } from './order-expiry.js';
import { taskPollJob } from './task-poll.js';
import { usageFlushJob } from './usage-flush.js';
import type { Job } from './job.js';

export type { Job } from './job.js';

/** Every background job; a new job is one import and one entry here. */
export const jobs: readonly Job[] = [
  logRetentionJob,
  usageFlushJob,
  orderExpiryJob,
  levelUpgradeJob,
  notificationDeliveryJob,
  agentDividendsJob,
  taskPollJob,
  channelRecoveryJob,
];

/** What one attempt to run a job did. */
export type JobOutcome = 'ran' | 'skipped' | 'failed';

/** Shortest wait between runs, so that a zero or broken interval cannot spin. */
const minIntervalMs = 100;

/**
 * Runs a job once unless another instance holds its lock. With Redis the lock is taken for
 * 90% of the interval and left to expire, so each period runs on exactly one instance however
 * the instances' timers are offset. Failures are logged, never thrown.
 */
export async function runJobOnce(
  ctx: AppContext,
  job: Job,
  instanceId: string,
  signal: AbortSignal = new AbortController().signal,
): Promise<JobOutcome> {
  try {
    if (!job.everyInstance && ctx.shared.kind === 'redis') {
      const ttlSeconds = Math.max(1, Math.floor((job.intervalMs(ctx) * 0.9) / 1000));
      const won = await ctx.shared.setIfAbsent(`job:${job.name}`, instanceId, ttlSeconds);
      if (!won) return 'skipped';
    }
    await job.run(ctx, signal);
    return 'ran';
  } catch (error) {
    ctx.log.error({ err: error, job: job.name }, 'background job failed');
    return 'failed';
  }
}

/** The started jobs of one instance. */
export interface JobRunner {
  /** Names this instance in the job locks. */
  instanceId: string;
  /** Cancels the timers and waits for running jobs to stop. */
  stop(): Promise<void>;
}

/**
 * Starts every job on its own timer (the next wait begins when a run ends, so a job never
 * overlaps itself) and stops them at shutdown. Called by `main.ts`, not by `buildApp`, so that
 * tests decide when jobs run.
 */
export function startJobs(ctx: AppContext, list: readonly Job[] = jobs): JobRunner {
  const instanceId = randomId(9);
  const controller = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();

  const schedule = (job: Job, delayMs: number) => {
    if (controller.signal.aborted) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        const run = runJobOnce(ctx, job, instanceId, controller.signal).finally(() => {
          running.delete(run);
          schedule(job, job.intervalMs(ctx));
        });
        running.add(run);
      },
      Math.max(minIntervalMs, delayMs || 0),
    );
    timer.unref();
    timers.add(timer);
  };
  for (const job of list) schedule(job, job.firstDelayMs ?? job.intervalMs(ctx));

  const stop = async () => {
    controller.abort();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await Promise.allSettled([...running]);
  };
  ctx.onClose(stop);
  return { instanceId, stop };
}
