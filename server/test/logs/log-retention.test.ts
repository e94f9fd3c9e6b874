import { Role } from '@gateway/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteLogsBefore } from '../../src/domain/logs/delete-logs.js';
import { runJobOnce } from '../../src/jobs/registry.js';
import { logRetentionJob } from '../../src/jobs/log-retention.js';
import { nowSeconds } from '../../src/lib/time.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { insertLogs, newUser, type SeedLog } from './logs-helpers.js';

const day = 86400;

describe(`log deletion and retention on ${testDb}`, () => {
  let t: TestApp;
  const countLogs = async () => {
    const row = await t.ctx.db
      .selectFrom('logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const oldestLog = async () => {
    const row = await t.ctx.db
      .selectFrom('logs')
      .select((eb) => eb.fn.min<number>('created_at').as('t'))
      .executeTakeFirstOrThrow();
    return Number(row.t);
  };
  /** `old` rows spread over days 10 to 1 before `cutoff`, then `fresh` rows from it on. */
  const seed = async (cutoff: number, old: number, fresh: number) => {
    const rows: SeedLog[] = [];
    for (let i = 0; i < old; i++)
      rows.push({
        user_id: 1,
        type: 2,
        created_at: cutoff - 10 * day + Math.floor((i * 9 * day) / old),
      });
    for (let i = 0; i < fresh; i++) rows.push({ user_id: 1, type: 2, created_at: cutoff + i });
    await insertLogs(t.ctx, rows);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.ctx.db.deleteFrom('logs').execute();
    await t.ctx.settings.set('LogRetentionDays', '0');
  });
  afterAll(() => t.cleanup());

  it('lets root delete logs older than a timestamp and returns the count', async () => {
    const root = await newUser(t.ctx, Role.root);
    const admin = await newUser(t.ctx, Role.admin);
    const cutoff = 1_700_000_000;
    await seed(cutoff, 40, 15);
    const url = `/api/log/?target_timestamp=${cutoff}`;
    const refused = await t.app.inject({ method: 'DELETE', url, headers: admin.headers });
    expect(refused.statusCode).toBe(403);
    expect(await countLogs()).toBe(55);

    const res = await t.app.inject({ method: 'DELETE', url, headers: root.headers });
    expect(res.json()).toEqual({ success: true, message: '', data: 40 });
    expect(await countLogs()).toBe(15);
    expect(await oldestLog()).toBe(cutoff);

    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/log/',
      headers: root.headers,
    });
    expect(missing.json()).toMatchObject({ success: false, code: 'invalid_request' });
    expect(await countLogs()).toBe(15);
  });

  it('deletes in batches, yielding between them, and can stop between batches', async () => {
    const cutoff = 1_700_000_000;
    await seed(cutoff, 6000, 10);
    const controller = new AbortController();
    const run = deleteLogsBefore(t.ctx.db, cutoff, {
      batchSize: 1000,
      pauseMs: 300,
      signal: controller.signal,
    });
    // The first batch commits on its own and the next one waits: stop in that pause.
    await vi.waitFor(async () => expect(await countLogs()).toBeLessThan(6010), {
      timeout: 5000,
      interval: 20,
    });
    controller.abort();
    const deleted = await run;
    expect(deleted % 1000).toBe(0);
    expect(deleted).toBeGreaterThanOrEqual(1000);
    expect(deleted).toBeLessThan(6000);
    expect(await countLogs()).toBe(6010 - deleted);

    expect(await deleteLogsBefore(t.ctx.db, cutoff, { batchSize: 1000 })).toBe(6000 - deleted);
    expect(await countLogs()).toBe(10);
    expect(await oldestLog()).toBe(cutoff);
  });

  it('keeps logs forever by default and deletes past LogRetentionDays in the job', async () => {
    // Fresh rows start ten minutes inside the window, old ones end a day outside it.
    const cutoff = nowSeconds() - 3 * day + 600;
    await seed(cutoff, 7_000, 50); // two batches of 5,000
    expect(await runJobOnce(t.ctx, logRetentionJob, 'test')).toBe('ran');
    expect(await countLogs()).toBe(7_050);

    await t.ctx.settings.set('LogRetentionDays', '3');
    await t.ctx.shared.del(`job:${logRetentionJob.name}`); // the first run holds the lock for the hour
    expect(await runJobOnce(t.ctx, logRetentionJob, 'test')).toBe('ran');
    expect(await countLogs()).toBe(50);
    expect(await oldestLog()).toBe(cutoff);
  });
});
