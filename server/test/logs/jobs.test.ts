import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { jobs, runJobOnce, startJobs, type Job } from '../../src/jobs/registry.js';
import { usageFlushJob } from '../../src/jobs/usage-flush.js';
import {
  createIsolatedDb,
  createTestContext,
  testDb,
  testRedis,
  type IsolatedDb,
  type TestContext,
} from '../helpers/test-context.js';

/** A job that counts its runs per context. */
function countingJob(name: string, options: Partial<Job> = {}) {
  const runs: AppContext[] = [];
  const job: Job = {
    name,
    intervalMs: () => 150,
    async run(ctx) {
      runs.push(ctx);
    },
    ...options,
  };
  return { job, runs };
}

describe(`background jobs on ${testDb}${testRedis ? ' with Redis' : ''}`, () => {
  let isolated: IsolatedDb;
  let a: TestContext;
  let b: TestContext;

  beforeAll(async () => {
    isolated = await createIsolatedDb();
    a = await createTestContext({ reuse: isolated });
    b = await createTestContext({ reuse: isolated });
  });
  afterAll(async () => {
    await a.ctx.close();
    await b.ctx.close();
    await isolated.drop();
  });

  it('registers every background job', () => {
    expect(jobs.map((j) => j.name)).toEqual([
      'log-retention',
      'usage-flush',
      'order-expiry',
      'level-upgrade',
      'notification-delivery',
      'agent-dividends',
      'task-poll',
      'channel-recovery',
    ]);
  });

  it('runs a job on one instance only when they share Redis, on each otherwise', async () => {
    const { job, runs } = countingJob('once');
    const outcomes = await Promise.all([
      runJobOnce(a.ctx, job, 'instance-a'),
      runJobOnce(b.ctx, job, 'instance-b'),
    ]);
    if (testRedis) {
      expect(outcomes.sort()).toEqual(['ran', 'skipped']);
      expect(runs).toHaveLength(1);
      expect(await runJobOnce(a.ctx, job, 'instance-a')).toBe('skipped');
    } else {
      expect(outcomes).toEqual(['ran', 'ran']);
      expect(runs).toHaveLength(2);
    }
  });

  it('runs per-instance jobs such as the usage flush on every instance', async () => {
    const { job, runs } = countingJob('each', { everyInstance: true });
    await runJobOnce(a.ctx, job, 'instance-a');
    await runJobOnce(b.ctx, job, 'instance-b');
    expect(runs).toEqual([a.ctx, b.ctx]);

    a.ctx.usage.record({
      userId: 1,
      username: 'a',
      modelName: 'm',
      createdAt: 7200,
      tokens: 1,
      quota: 1,
    });
    b.ctx.usage.record({
      userId: 1,
      username: 'a',
      modelName: 'm',
      createdAt: 7200,
      tokens: 2,
      quota: 2,
    });
    await runJobOnce(a.ctx, usageFlushJob, 'instance-a');
    await runJobOnce(b.ctx, usageFlushJob, 'instance-b');
    const stored = await a.ctx.db.selectFrom('quota_data').select(['count', 'quota']).execute();
    expect(stored).toEqual([{ count: 2, quota: 3 }]);
  });

  it('logs a failing job instead of throwing', async () => {
    const failing: Job = {
      name: 'failing',
      intervalMs: () => 150,
      everyInstance: true,
      run: async () => {
        throw new Error('boom');
      },
    };
    expect(await runJobOnce(a.ctx, failing, 'instance-a')).toBe('failed');
  });

  it('repeats jobs on their interval, keeps going after failures, and stops', async () => {
    const { job, runs } = countingJob('timer', { everyInstance: true });
    let failures = 0;
    const failing: Job = {
      name: 'timer-failing',
      intervalMs: () => 150,
      everyInstance: true,
      run: async () => {
        failures++;
        throw new Error('boom');
      },
    };
    const runner = startJobs(a.ctx, [job, failing]);
    await sleep(800);
    await runner.stop();
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(failures).toBeGreaterThanOrEqual(3);
    const after = runs.length;
    await sleep(400);
    expect(runs.length).toBe(after);
  });
});
