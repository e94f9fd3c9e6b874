import { LogType, Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTask } from '../../src/db/queries/tasks.js';
import { pollTasksOnce } from '../../src/domain/tasks/poll-tasks.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { createTestApp, testDb, testRedis, type TestApp } from '../helpers/test-context.js';
import { balancesOf, logsOf, seedChannel, seedToken, seedUser } from '../relay/relay-fixture.js';
import { newUser } from '../tokens/console-helpers.js';
import { startFakeSuno, type FakeSuno } from '../fake-tasks/suno.js';

/** suno_music 0.1 USD and suno_lyrics 0.01 USD per call (the default prices). */
const songPrice = 50_000;
const lyricsPrice = 5_000;

describe(`Suno relay on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;
  let up: FakeSuno;
  let spare: FakeSuno;
  let user: { userId: number; tokenId: number; key: string };
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    await newUser(t.ctx, Role.root);
    up = await startFakeSuno({ token: 'suno-a' });
    spare = await startFakeSuno({ token: 'suno-b' });
    const models = ['suno_music', 'suno_lyrics'];
    await seedChannel(t.ctx, { type: 36, baseUrl: up.url, key: 'suno-a', models, priority: 10 });
    await seedChannel(t.ctx, { type: 36, baseUrl: spare.url, key: 'suno-b', models, priority: 0 });
    const userId = await seedUser(t.ctx, { quota: 1_000_000 });
    const token = await seedToken(t.ctx, userId, { unlimited: false, remainQuota: 1_000_000 });
    user = { userId, tokenId: token.id, key: token.key };
    other = (await seedToken(t.ctx, await seedUser(t.ctx))).key;
  });
  afterAll(async () => {
    await t.cleanup();
    await up.close();
    await spare.close();
  });

  const post = (url: string, body: unknown, key = user.key) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${key}` },
      payload: body as object,
    });
  const get = (url: string, key = user.key) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
  const poll = async (taskId: string, status: string) => {
    for (let i = 0; i < 8; i++) {
      await pollTasksOnce(t.ctx);
      if ((await findTask(t.ctx.db, taskId))?.status === status) return;
    }
    throw new Error(`task ${taskId} never reached ${status}`);
  };
  const balances = () => balancesOf(t.ctx, user.userId, user.tokenId);
  /** The consume and refund logs of one task. */
  const logsOfTask = async (taskId: string) => {
    const logs = (await logsOf(t.ctx, user.userId)).filter((l) => l.other.includes(taskId));
    return {
      charges: logs.filter((l) => l.type === LogType.consume).length,
      refunds: logs.filter((l) => l.type === LogType.refund).length,
    };
  };

  it('charges a song once and polls it to success with its clips', async () => {
    const before = await balances();
    const res = await post('/suno/submit/music', {
      gpt_description_prompt: 'a song about the sea',
      mv: 'chirp-v3-5',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 'success', message: '' });
    const taskId = res.json().data as string;
    expect(taskId).toMatch(/^task_[0-9A-Za-z]{32}$/);
    const row = (await findTask(t.ctx.db, taskId))!;
    expect(up.tasks.has(row.upstream_id)).toBe(true);
    expect(row.upstream_id).not.toBe(taskId);
    const sent = up.requests.find((r) => r.path === '/suno/submit/music')!;
    expect(sent.headers.authorization).toBe('Bearer suno-a');
    expect(sent.body).toMatchObject({ make_instrumental: false, mv: 'chirp-v3-5' });
    expect(await balances()).toMatchObject({
      quota: before.quota - songPrice,
      tokenRemain: before.tokenRemain - songPrice,
    });
    expect(await logsOfTask(taskId)).toEqual({ charges: 1, refunds: 0 });

    await poll(taskId, 'SUCCESS');
    const fetched = (await get(`/suno/fetch/${taskId}`)).json();
    expect(fetched).toMatchObject({
      code: 'success',
      data: { task_id: taskId, platform: 'suno', action: 'MUSIC', status: 'SUCCESS' },
    });
    expect(fetched.data.progress).toBe('100%');
    expect(fetched.data.finish_time).toBeGreaterThan(1_600_000_000);
    expect(fetched.data.finish_time).toBeLessThan(1e11);
    expect(fetched.data.data).toHaveLength(2);
    expect(fetched.data.data[0].audio_url).toContain('.mp3');
    expect(fetched.data.result_url).toBe(fetched.data.data[0].audio_url);
    expect(JSON.stringify(fetched)).not.toContain(row.upstream_id);
    const many = (await post('/suno/fetch', { ids: [taskId, 'task_nope'] })).json();
    expect(many.code).toBe('success');
    expect(many.data).toHaveLength(1);
    expect(many.data[0].data[1].audio_url).toContain('.mp3');
    // Charged once, whatever the polls.
    expect(await logsOfTask(taskId)).toEqual({ charges: 1, refunds: 0 });
    expect((await balances()).quota).toBe(before.quota - songPrice);
  });

  it('does not show a task to another user', async () => {
    const taskId = (await post('/suno/submit/music', { prompt: 'mine only' })).json()
      .data as string;
    const foreign = await get(`/suno/fetch/${taskId}`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'task_not_found', data: null });
    expect((await post('/suno/fetch', { ids: [taskId] }, other)).json().data).toEqual([]);
    expect((await get('/suno/fetch/task_unknown')).statusCode).toBe(404);
  });

  it('writes lyrics at once', async () => {
    const res = await post('/suno/submit/LYRICS', { prompt: 'morning coffee' });
    expect(res.statusCode, res.body).toBe(200);
    const taskId = res.json().data as string;
    await poll(taskId, 'SUCCESS');
    const row = (await findTask(t.ctx.db, taskId))!;
    expect(row).toMatchObject({ quota: lyricsPrice, action: 'LYRICS', model_name: 'suno_lyrics' });
    const dto = (await get(`/suno/fetch/${taskId}`)).json().data;
    expect(dto.data).toMatchObject({ status: 'complete', text: expect.stringContaining('coffee') });
  });

  it('refuses bad requests in the Suno envelope without charging', async () => {
    const before = await balances();
    const lyrics = await post('/suno/submit/lyrics', {});
    expect(lyrics.statusCode).toBe(400);
    expect(lyrics.json()).toMatchObject({ code: 'task_prompt_required', data: null });
    expect(lyrics.json().message).toBeTruthy();
    const action = await post('/suno/submit/dance', { prompt: 'x' });
    expect(action.statusCode).toBe(400);
    expect(action.json()).toMatchObject({ code: 'task_action_unknown', data: null });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/suno/submit/music',
      headers: { authorization: `Bearer ${user.key}`, 'content-type': 'application/json' },
      payload: '{"prompt": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: 'invalid_request', data: null });
    const noKey = await t.app.inject({ method: 'POST', url: '/suno/fetch', payload: { ids: [] } });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().data).toBeNull();
    const noIds = await post('/suno/fetch', { ids: 'task_x' });
    expect(noIds.statusCode).toBe(400);
    expect(await balances()).toMatchObject({
      quota: before.quota,
      tokenRemain: before.tokenRemain,
    });
  });

  it('refunds a submit the upstream refused, and a song that failed, exactly once', async () => {
    const before = await balances();
    const refused = await post('/suno/submit/music', { prompt: 'nope #refuse' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'task_upstream_refused', data: null });
    expect(refused.json().message).toContain('prompt is invalid');
    // Charged and refunded: nothing net.
    const refusedRow = await t.ctx.db
      .selectFrom('tasks')
      .selectAll()
      .where('user_id', '=', user.userId)
      .where('status', '=', 'FAILURE')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(refusedRow.refunded).toBe(1);
    expect(await logsOfTask(refusedRow.task_id)).toEqual({ charges: 1, refunds: 1 });
    expect(await balances()).toMatchObject({
      quota: before.quota,
      tokenRemain: before.tokenRemain,
    });

    const failing = (await post('/suno/submit/music', { prompt: 'broken #fail' })).json()
      .data as string;
    await poll(failing, 'IN_PROGRESS');
    // Two pollers see the failure at once: one refund.
    await Promise.all([pollTasksOnce(t.ctx), pollTasksOnce(t.ctx)]);
    await pollTasksOnce(t.ctx);
    const row = (await findTask(t.ctx.db, failing))!;
    expect(row).toMatchObject({ status: 'FAILURE', refunded: 1, progress: '100%' });
    expect(row.fail_reason).toBe('The song could not be generated');
    expect(await logsOfTask(failing)).toEqual({ charges: 1, refunds: 1 });
    expect(await balances()).toMatchObject({
      quota: before.quota,
      tokenRemain: before.tokenRemain,
    });
    const dto = (await get(`/suno/fetch/${failing}`)).json().data;
    expect(dto).toMatchObject({
      status: 'FAILURE',
      fail_reason: 'The song could not be generated',
    });
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('moves to another channel when the first fails with a 5xx', async () => {
    await t.ctx.settings.set('RetryTimes', '1');
    try {
      const before = await balances();
      up.fault = { status: 503, times: 1 };
      const res = await post('/suno/submit/music', { prompt: 'retry me' });
      expect(res.statusCode, res.body).toBe(200);
      const row = (await findTask(t.ctx.db, res.json().data as string))!;
      expect(spare.tasks.has(row.upstream_id)).toBe(true);
      const channel = await t.ctx.db
        .selectFrom('channels')
        .select('base_url')
        .where('id', '=', row.channel_id)
        .executeTakeFirstOrThrow();
      expect(channel.base_url).toBe(spare.url);
      expect(spare.requests.at(-1)!.headers.authorization).toBe('Bearer suno-b');
      expect((await balances()).quota).toBe(before.quota - songPrice);
      expect(await logsOfTask(row.task_id)).toEqual({ charges: 1, refunds: 0 });
      // Polled on the channel that took it.
      await poll(row.task_id, 'SUCCESS');
    } finally {
      await t.ctx.settings.set('RetryTimes', '0');
    }
    // Without retries a 5xx is answered, and refunded.
    const before = await balances();
    up.fault = { status: 500, times: 1 };
    const failed = await post('/suno/submit/music', { prompt: 'no retry' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ code: 'task_upstream_refused', data: null });
    expect((await balances()).quota).toBe(before.quota);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('times out a task the upstream never finishes, refunding it once', async () => {
    const taskId = (await post('/suno/submit/music', { prompt: 'forever #unknown' })).json()
      .data as string;
    await pollTasksOnce(t.ctx);
    expect((await findTask(t.ctx.db, taskId))!.status).toBe('UNKNOWN');
    await t.ctx.db
      .updateTable('tasks')
      .set({ submit_time: 1 })
      .where('task_id', '=', taskId)
      .execute();
    await pollTasksOnce(t.ctx);
    const row = (await findTask(t.ctx.db, taskId))!;
    expect(row).toMatchObject({ status: 'FAILURE', refunded: 1 });
    expect(row.fail_reason).toMatch(/timed out/);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('keeps huge text fields within what every engine stores', async () => {
    const huge = 'x'.repeat(200_000);
    const res = await post('/suno/submit/music', {
      prompt: huge,
      title: huge,
      tags: huge,
      mv: huge,
    });
    expect(res.statusCode).toBe(200);
    const row = (await findTask(t.ctx.db, res.json().data as string))!;
    expect(row.properties.length).toBeLessThan(10_000);
  });
});
