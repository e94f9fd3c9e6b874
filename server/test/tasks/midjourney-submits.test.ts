import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollTasksOnce } from '../../src/domain/tasks/poll-tasks.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { balancesOf } from '../relay/relay-fixture.js';
import {
  engine,
  imaginePrice,
  startMidjourneyTest,
  type Body,
  type MidjourneyTest,
} from './midjourney-fixture.js';

/**
 * What a submit costs and how it ends: refusals before charging, refunds of refused and failed
 * drawings, retries on the other channel, the upstream's callbacks, queued and existing tasks.
 */
describe(`Midjourney submits on ${engine}`, () => {
  let t: MidjourneyTest;
  beforeAll(async () => {
    t = await startMidjourneyTest();
  });
  afterAll(() => t.cleanup());

  it('refuses malformed submits before charging, in the caller’s language', async () => {
    const drawn = await t.drawOne();
    const before = await balancesOf(t.ctx, t.alice.userId, t.alice.tokenId);
    const noPrompt = await t.submit('/mj/submit/imagine', { prompt: ' ' });
    expect(noPrompt.statusCode).toBe(400);
    expect(noPrompt.json()).toEqual({
      code: 4,
      description: 'prompt is required',
      type: 'task_prompt_required',
      result: null,
      properties: {},
    });
    const zh = await t.submit('/mj/submit/imagine', {}, t.alice.key, {
      'accept-language': 'zh-CN',
    });
    expect(zh.json().description).toBe('prompt 不能为空');
    const cases: Array<[string, Body, string]> = [
      ['/mj/submit/blend', { base64Array: ['data:image/png;base64,AAAA'] }, 'task_field_invalid'],
      ['/mj/submit/describe', {}, 'task_field_invalid'],
      ['/mj/submit/change', { taskId: drawn, action: 'UPSCALE', index: 5 }, 'task_field_invalid'],
      ['/mj/submit/change', { taskId: drawn, action: 'ZOOM', index: 1 }, 'task_action_unknown'],
      ['/mj/submit/simple-change', { content: `${drawn} X9` }, 'task_field_invalid'],
      ['/mj/submit/action', { taskId: drawn }, 'task_field_invalid'],
      [
        '/mj/submit/action',
        { taskId: drawn, customId: 'MJ::JOB::animate_high::1::x::SOLO' },
        'task_action_unknown',
      ],
    ];
    for (const [path, body, type] of cases) {
      const res = await t.submit(path, body);
      expect([path, res.statusCode, res.json()]).toMatchObject([path, 400, { code: 4, type }]);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/mj/submit/imagine',
      headers: { authorization: `Bearer ${t.alice.key}`, 'content-type': 'application/json' },
      payload: '{"prompt": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 4, result: null, properties: {} });
    expect(await balancesOf(t.ctx, t.alice.userId, t.alice.tokenId)).toMatchObject({
      quota: before.quota,
      tokenRemain: before.tokenRemain,
    });
  });

  it('does not charge refused submits (24, 4, 3, 23) and refunds failures once', async () => {
    const before = await balancesOf(t.ctx, t.alice.userId, t.alice.tokenId);
    const refusals: Array<[string, number]> = [
      ['#banned', 24],
      ['#invalid', 4],
      ['#noinstance', 3],
    ];
    for (const [marker, code] of refusals) {
      const res = await t.submit('/mj/submit/imagine', { prompt: `a cat ${marker}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code, result: null });
      expect(await t.lastDrawingOf(t.alice.userId)).toMatchObject({
        status: 'FAILURE',
        code,
        refunded: 1,
        upstream_id: '',
        progress: '100%',
      });
    }
    // A full queue is tried on the next channel; the upstream's id is never shown.
    await t.ctx.settings.set('RetryTimes', '1');
    const full = await t.submit('/mj/submit/imagine', { prompt: 'a crowd #queuefull' });
    await t.ctx.settings.set('RetryTimes', '0');
    expect(full.json()).toMatchObject({ code: 23, result: null });
    expect(t.lastSubmit(t.second).body.prompt).toBe('a crowd #queuefull');
    expect(await t.lastDrawingOf(t.alice.userId)).toMatchObject({
      channel_id: t.channelB,
      refunded: 1,
    });
    expect(await balancesOf(t.ctx, t.alice.userId, t.alice.tokenId)).toMatchObject({
      quota: before.quota,
      tokenRemain: before.tokenRemain,
    });

    const failing = (await t.submit('/mj/submit/imagine', { prompt: 'a storm #fail' })).json()
      .result as string;
    for (let i = 0; i < 8 && (await t.drawing(failing)).status !== 'FAILURE'; i++) {
      await pollTasksOnce(t.ctx);
    }
    await Promise.all([pollTasksOnce(t.ctx), pollTasksOnce(t.ctx)]);
    expect(await t.drawing(failing)).toMatchObject({
      status: 'FAILURE',
      refunded: 1,
      progress: '100%',
    });
    expect(await balancesOf(t.ctx, t.alice.userId, t.alice.tokenId)).toMatchObject({
      quota: before.quota,
      tokenRemain: before.tokenRemain,
    });
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('retries a 5xx on another channel; actions on that drawing go back to it', async () => {
    await t.ctx.settings.set('RetryTimes', '1');
    t.first.fault = { status: 502, times: 1 };
    const res = await t.submit('/mj/submit/imagine', { prompt: 'a lighthouse' });
    await t.ctx.settings.set('RetryTimes', '0');
    expect(res.json().code).toBe(1);
    const onB = res.json().result as string;
    const row = await t.drawing(onB);
    expect(row).toMatchObject({ channel_id: t.channelB, quota: imaginePrice });
    const log = await t.ctx.db
      .selectFrom('logs')
      .select('channel_id')
      .where('request_id', '=', row.request_id)
      .executeTakeFirstOrThrow();
    expect(log.channel_id).toBe(t.channelB);

    await t.finishDrawing(t.second, onB);
    const firstSubmits = t.submitsTo(t.first);
    const action = await t.submit('/mj/submit/action', {
      taskId: onB,
      customId: 'MJ::JOB::variation::1::abc',
    });
    expect(action.json().code).toBe(1);
    expect(t.submitsTo(t.first)).toBe(firstSubmits);
    expect(t.lastSubmit(t.second).body.taskId).toBe(row.upstream_id);
    expect(await t.drawing(action.json().result as string)).toMatchObject({
      channel_id: t.channelB,
      action: 'VARIATION',
      parent_id: onB,
    });

    // The seed is asked of the drawing's channel, by the upstream's id.
    const seed = await t.app.inject({
      method: 'GET',
      url: `/mj/task/${onB}/image-seed`,
      headers: { authorization: `Bearer ${t.alice.key}` },
    });
    expect(seed.json()).toMatchObject({ code: 1 });
    expect(t.second.requests.at(-1)!.path).toBe(`/mj/task/${row.upstream_id}/image-seed`);

    // A disabled channel takes no more actions on its drawings.
    await t.setChannelStatus(t.channelB, 2);
    const refused = await t.submit('/mj/submit/action', {
      taskId: onB,
      customId: 'MJ::JOB::variation::2::abc',
    });
    await t.setChannelStatus(t.channelB, 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: 'task_channel_disabled', result: null });
  });

  it('accepts the upstream’s signed callbacks for known drawings only', async () => {
    const id = (await t.submit('/mj/submit/imagine', { prompt: 'a tree' })).json().result as string;
    const row = await t.drawing(id);
    const path = new URL(t.lastSubmit(t.first).body.notifyHook as string).pathname;
    const task = {
      id: row.upstream_id,
      status: 'IN_PROGRESS',
      progress: '30%',
      imageUrl: `${t.first.url}/files/p.png`,
      properties: { notifyHook: 'http://gateway/mj/notify/secret' },
    };
    const good = await t.app.inject({ method: 'POST', url: path, payload: task });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ code: 1 });
    const moved = await t.drawing(id);
    expect(moved).toMatchObject({ status: 'IN_PROGRESS', progress: '30%' });
    expect(moved.properties).not.toContain('secret');
    const forged = await t.app.inject({
      method: 'POST',
      url: path.replace(/\/[^/]+$/, '/0123456789abcdef0123456789abcdef'),
      payload: { ...task, progress: '90%' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ type: 'task_notify_forbidden' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: path,
      payload: { ...task, id: '999' },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.drawing(id)).progress).toBe('30%');
  });

  it('keeps a client hook only when notifications are on, and never shows it', async () => {
    await t.ctx.settings.set('MjNotifyEnabled', 'true');
    const res = await t.submit('/mj/submit/imagine', {
      prompt: 'a bell',
      notifyHook: 'https://client.example/cb',
    });
    await t.ctx.settings.set('MjNotifyEnabled', 'false');
    const id = res.json().result as string;
    expect(JSON.parse((await t.drawing(id)).properties)).toEqual({
      clientNotifyHook: 'https://client.example/cb',
    });
    expect(t.lastSubmit(t.first).body.notifyHook).toContain('/mj/notify/');
    expect(JSON.stringify((await t.fetchTask(id)).json())).not.toContain('client.example');
  });

  it('charges a queued (22) or existing (21) task as accepted; a region edit waits in its window', async () => {
    const queued = await t.submit('/mj/submit/imagine', { prompt: 'a mill #queue' });
    expect(queued.json().code).toBe(1);
    const row = await t.drawing(queued.json().result as string);
    expect(row).toMatchObject({ code: 22, quota: imaginePrice, refunded: 0, status: 'SUBMITTED' });
    await t.finishDrawing(t.first, row.mj_id);

    const dup = await t.submit('/mj/submit/imagine', { prompt: 'a mill again #dup' });
    expect(dup.json()).toMatchObject({ code: 21 });
    const existing = await t.drawing(dup.json().result as string);
    expect(existing).toMatchObject({ status: 'SUCCESS', progress: '100%', refunded: 0 });
    expect(existing.finish_time).toBeGreaterThan(0);
    expect(dup.json().properties.imageUrl).toContain(`/mj/image/${existing.mj_id}?t=`);

    const region = await t.submit('/mj/submit/action', {
      taskId: row.mj_id,
      customId: 'MJ::Inpaint::1::abc::SOLO',
    });
    expect(region.json().code).toBe(21);
    const waiting = await t.drawing(region.json().result as string);
    expect(waiting).toMatchObject({ status: 'MODAL', action: 'INPAINT', quota: 0 });
    const modal = await t.submit('/mj/submit/modal', {
      taskId: waiting.mj_id,
      prompt: 'add a boat',
      maskBase64: 'AAAA',
    });
    expect(modal.json().code).toBe(1);
    const confirmed = await t.drawing(modal.json().result as string);
    expect(confirmed).toMatchObject({ action: 'MODAL', parent_id: waiting.mj_id, quota: 50_000 });
    expect(t.lastSubmit(t.first).body.taskId).toBe(waiting.upstream_id);
    await t.finishDrawing(t.first, confirmed.mj_id);
    expect((await t.drawing(waiting.mj_id)).status).toBe('SUCCESS');
    expect(await auditLedger(t.ctx)).toEqual([]);
  });
});
