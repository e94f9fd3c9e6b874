import { LogType, Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTask } from '../../src/db/queries/tasks.js';
import { applyTaskUpdate } from '../../src/domain/tasks/apply-update.js';
import { pollTasksOnce } from '../../src/domain/tasks/poll-tasks.js';
import { failTask } from '../../src/domain/tasks/task-money.js';
import type { TaskUpdate, TaskUpstream } from '../../src/domain/tasks/task-types.js';
import { nowSeconds } from '../../src/lib/time.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { chargeTask } from '../helpers/task-charge.js';
import {
  createIsolatedDb,
  createTestApp,
  createTestContext,
  testDb,
  testRedis,
  type IsolatedDb,
  type TestApp,
} from '../helpers/test-context.js';
import { runJobOnce } from '../../src/jobs/registry.js';
import { taskPollJob } from '../../src/jobs/task-poll.js';
import { balancesOf, seedChannel, seedToken, seedUser } from '../relay/relay-fixture.js';
import { newUser } from '../tokens/console-helpers.js';

/**
 * The money and life cycle every asynchronous task shares, without a protocol: charged once
 * with its row, failed and refunded exactly once however many see the failure, and polled
 * to an end (success, failure, time-out, an upstream that forgot it) by the poller.
 */
describe(`task money and polling on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;
  let isolated: IsolatedDb;
  let channelId: number;
  let stub: TaskUpstream;
  /** What the stub upstream answers, by upstream id. */
  const upstream = new Map<string, TaskUpdate>();
  let unreachable = false;
  const fetched: string[][] = [];

  beforeAll(async () => {
    isolated = await createIsolatedDb();
    t = await createTestApp({ reuse: isolated });
    await newUser(t.ctx, Role.root);
    channelId = await seedChannel(t.ctx, {
      type: 36,
      baseUrl: 'http://127.0.0.1:9',
      models: ['suno_music'],
    });
    stub = {
      fetch: async (_table, _platform, _channel, ids) => {
        fetched.push(ids);
        if (unreachable) throw new Error('upstream down');
        return new Map(ids.flatMap((id) => (upstream.has(id) ? [[id, upstream.get(id)!]] : [])));
      },
    };
    t.ctx.taskUpstream = stub;
  });
  afterAll(async () => {
    await t.cleanup();
    await isolated.drop();
  });

  let serial = 0;
  /** Charges and records a task as the submit pipeline does; returns its public id. */
  async function submit(
    userId: number,
    tokenId: number,
    quota: number,
    fields: { upstreamId?: string; submitAgo?: number } = {},
  ) {
    const taskId = `task_core${++serial}_${Date.now()}`;
    await chargeTask(t.ctx, {
      userId,
      tokenId,
      tokenLimited: true,
      channelId,
      quota,
      taskId,
      ...fields,
    });
    return taskId;
  }

  const row = async (taskId: string) => (await findTask(t.ctx.db, taskId))!;

  it('charges the user and the key with the row, and refuses what the balance cannot cover', async () => {
    const userId = await seedUser(t.ctx, { quota: 100_000 });
    const token = await seedToken(t.ctx, userId, { unlimited: false, remainQuota: 60_000 });
    await submit(userId, token.id, 50_000);
    expect(await balancesOf(t.ctx, userId, token.id)).toMatchObject({
      quota: 50_000,
      tokenRemain: 10_000,
    });
    await expect(submit(userId, token.id, 50_000)).rejects.toMatchObject({
      id: 'insufficient_token_quota',
    });
    const count = await t.ctx.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('refunds a failure exactly once however many see it at the same time', async () => {
    const userId = await seedUser(t.ctx, { quota: 100_000 });
    const token = await seedToken(t.ctx, userId, { unlimited: false, remainQuota: 100_000 });
    const taskId = await submit(userId, token.id, 30_000);
    const before = await row(taskId);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? failTask(t.ctx, 'tasks', before, { status: 'FAILURE' }, 'boom')
          : applyTaskUpdate(t.ctx, 'tasks', before, {
              status: 'FAILURE',
              progress: '100%',
              failReason: 'boom',
            }),
      ),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await balancesOf(t.ctx, userId, token.id)).toMatchObject({
      quota: 100_000,
      tokenRemain: 100_000,
    });
    const after = await row(taskId);
    expect(after).toMatchObject({ status: 'FAILURE', refunded: 1, fail_reason: 'boom' });
    // A finished task never changes again.
    expect(
      await applyTaskUpdate(t.ctx, 'tasks', after, {
        status: 'SUCCESS',
        progress: '100%',
        failReason: '',
      }),
    ).toBe(false);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('polls tasks to their end: progress, success, failure, forgotten and timed-out ones', async () => {
    const userId = await seedUser(t.ctx, { quota: 1_000_000 });
    const token = await seedToken(t.ctx, userId, { unlimited: false, remainQuota: 1_000_000 });
    const running = await submit(userId, token.id, 10_000);
    const done = await submit(userId, token.id, 10_000);
    const failed = await submit(userId, token.id, 10_000);
    const forgotten = await submit(userId, token.id, 10_000);
    const stuck = await submit(userId, token.id, 10_000, { submitAgo: 3 * 3600 });
    const orphan = await submit(userId, token.id, 10_000, { upstreamId: '', submitAgo: 600 });
    upstream.set(`up-${running}`, { status: 'IN_PROGRESS', progress: '40%', failReason: '' });
    upstream.set(`up-${done}`, {
      status: 'SUCCESS',
      progress: '100%',
      failReason: '',
      data: [{ id: 'clip', audio_url: 'http://x/a.mp3', title: 'Song' }],
      resultUrl: 'http://x/a.mp3',
    });
    upstream.set(`up-${failed}`, { status: 'FAILURE', progress: '', failReason: 'rejected' });

    await Promise.all([pollTasksOnce(t.ctx), pollTasksOnce(t.ctx)]);

    expect(await row(running)).toMatchObject({
      status: 'IN_PROGRESS',
      progress: '40%',
      finish_time: 0,
    });
    expect(await row(done)).toMatchObject({ status: 'SUCCESS', progress: '100%', refunded: 0 });
    expect((await row(done)).finish_time).toBeGreaterThan(0);
    expect(await row(failed)).toMatchObject({ status: 'FAILURE', refunded: 1 });
    const lost = await row(forgotten);
    expect(lost).toMatchObject({ finish_time: 0 });
    expect(lost.poll_errors).toBeGreaterThan(0);
    expect(lost.next_poll_at).toBeGreaterThan(nowSeconds());
    expect(await row(stuck)).toMatchObject({ status: 'FAILURE', refunded: 1 });
    expect((await row(stuck)).fail_reason).toMatch(/timed out/);
    expect(await row(orphan)).toMatchObject({ status: 'FAILURE', refunded: 1 });
    // Charged six times, three given back.
    expect((await balancesOf(t.ctx, userId)).quota).toBe(1_000_000 - 30_000);
    const refunds = await t.ctx.db
      .selectFrom('logs')
      .select('quota')
      .where('user_id', '=', userId)
      .where('type', '=', LogType.refund)
      .execute();
    expect(refunds).toHaveLength(3);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('backs off while the upstream cannot be reached, then carries on', async () => {
    const userId = await seedUser(t.ctx, { quota: 100_000 });
    const token = await seedToken(t.ctx, userId, { unlimited: false, remainQuota: 1_000_000 });
    const taskId = await submit(userId, token.id, 1_000);
    unreachable = true;
    await pollTasksOnce(t.ctx);
    const waiting = await row(taskId);
    expect(waiting).toMatchObject({ finish_time: 0, poll_errors: 1 });
    expect(waiting.next_poll_at).toBeGreaterThan(nowSeconds());
    unreachable = false;
    upstream.set(`up-${taskId}`, { status: 'SUCCESS', progress: '100%', failReason: '' });
    await t.ctx.db
      .updateTable('tasks')
      .set({ next_poll_at: 0 })
      .where('task_id', '=', taskId)
      .execute();
    await pollTasksOnce(t.ctx);
    expect(await row(taskId)).toMatchObject({ status: 'SUCCESS', poll_errors: 0 });
  });

  it('polls once per round across instances, and a poll cut by a restart loses and doubles nothing', async () => {
    const second = await createTestContext({ reuse: isolated });
    second.ctx.taskUpstream = stub;
    try {
      const userId = await seedUser(t.ctx, { quota: 100_000 });
      const token = await seedToken(t.ctx, userId, { unlimited: false, remainQuota: 100_000 });
      const first = await submit(userId, token.id, 5_000);
      upstream.set(`up-${first}`, {
        status: 'FAILURE',
        progress: '',
        failReason: 'upstream said no',
      });
      // Several instances need PostgreSQL or MySQL; two processes on one SQLite file take turns.
      const poll = (ctx: typeof t.ctx, id: string) => runJobOnce(ctx, taskPollJob, id);
      const outcomes =
        testDb === 'sqlite'
          ? [await poll(t.ctx, 'instance-a'), await poll(second.ctx, 'instance-b')]
          : await Promise.all([poll(t.ctx, 'instance-a'), poll(second.ctx, 'instance-b')]);
      // With Redis one instance leads each round; without it both run and the ends still count once.
      expect([...outcomes].sort()).toEqual(testRedis ? ['ran', 'skipped'] : ['ran', 'ran']);
      expect(await row(first)).toMatchObject({ status: 'FAILURE', refunded: 1 });

      // Instance A asks the upstream and stalls; it restarts, B polls the task to its end, then
      // A's stale answer arrives.
      const taskId = await submit(userId, token.id, 5_000);
      upstream.set(`up-${taskId}`, { status: 'FAILURE', progress: '', failReason: 'too late' });
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      t.ctx.taskUpstream = {
        fetch: async (...args) => {
          await gate;
          return stub.fetch(...args);
        },
      };
      const stalled = pollTasksOnce(t.ctx);
      await pollTasksOnce(second.ctx);
      release();
      await stalled;
      expect(await row(taskId)).toMatchObject({ status: 'FAILURE', refunded: 1 });
      expect(await balancesOf(t.ctx, userId, token.id)).toMatchObject({
        quota: 100_000,
        tokenRemain: 100_000,
      });
      expect(await auditLedger(t.ctx)).toEqual([]);
    } finally {
      t.ctx.taskUpstream = stub;
      await second.cleanup();
    }
  });
});
