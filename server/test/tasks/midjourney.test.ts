import { LogType, Role } from '@gateway/shared';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupRatio } from '../../src/config/settings/groups/billing.js';
import { findDrawing, type DrawingRow } from '../../src/db/queries/tasks.js';
import { pollTasksOnce } from '../../src/domain/tasks/poll-tasks.js';
import { startFakeMidjourney, type FakeMidjourney } from '../fake-tasks/midjourney.js';
import type { MjRequest } from '../fake-tasks/midjourney-wire.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { createTestApp, testDb, testRedis, type TestApp } from '../helpers/test-context.js';
import { balancesOf, seedChannel, seedToken, seedUser } from '../relay/relay-fixture.js';
import { newUser } from '../tokens/console-helpers.js';

/** 0.1 USD per imagine (0.05 per upscale) at 500,000 quota per USD. */
const imaginePrice = 50_000;
const upscalePrice = 25_000;

const models = [
  'mj_imagine',
  'mj_upscale',
  'mj_variation',
  'mj_reroll',
  'mj_inpaint',
  'mj_modal',
  'mj_upload',
  'mj_describe',
  'mj_blend',
];

type Body = Record<string, unknown>;

describe(`Midjourney relay on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;
  let first: FakeMidjourney;
  let second: FakeMidjourney;
  let channelA: number;
  let channelB: number;
  let alice: { userId: number; tokenId: number; key: string };
  let bob: { userId: number; key: string };

  beforeAll(async () => {
    t = await createTestApp();
    await newUser(t.ctx, Role.root);
    first = await startFakeMidjourney({ secret: 'mj-secret-a' });
    second = await startFakeMidjourney({ secret: 'mj-secret-b' });
    channelA = await seedChannel(t.ctx, {
      type: 2,
      baseUrl: first.url,
      key: 'mj-secret-a',
      models,
      priority: 10,
    });
    channelB = await seedChannel(t.ctx, {
      type: 5,
      baseUrl: second.url,
      key: 'mj-secret-b',
      models,
      priority: 0,
    });
    const aliceId = await seedUser(t.ctx, { quota: 1_000_000 });
    const token = await seedToken(t.ctx, aliceId, { unlimited: false, remainQuota: 1_000_000 });
    alice = { userId: aliceId, tokenId: token.id, key: token.key };
    const bobId = await seedUser(t.ctx, { quota: 1_000_000 });
    bob = { userId: bobId, key: (await seedToken(t.ctx, bobId)).key };
  });
  afterAll(async () => {
    await t.cleanup();
    await first.close();
    await second.close();
  });

  const submit = (path: string, body: unknown, key = alice.key, headers: Body = {}) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { authorization: `Bearer ${key}`, ...headers } as Record<string, string>,
      payload: body as Body,
    });
  const fetchTask = (id: string, key = alice.key) =>
    t.app.inject({
      method: 'GET',
      url: `/mj/task/${id}/fetch`,
      headers: { authorization: `Bearer ${key}` },
    });
  /** The last submit a fake received. */
  const lastSubmit = (fake: FakeMidjourney): MjRequest & { body: Body } => {
    const found = fake.requests.findLast((r) => /\/(submit|insight-face)\//.test(r.path));
    if (!found) throw new Error('no submit received');
    return found as MjRequest & { body: Body };
  };
  const submitsTo = (fake: FakeMidjourney) =>
    fake.requests.filter((r) => /\/(submit|insight-face)\//.test(r.path)).length;
  const drawing = async (id: string): Promise<DrawingRow> => {
    const row = await findDrawing(t.ctx.db, id);
    if (!row) throw new Error(`no drawing ${id}`);
    return row;
  };
  const lastDrawingOf = (userId: number) =>
    t.ctx.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  /** Ends the drawing upstream, then lets the poller read it. */
  const finishDrawing = async (fake: FakeMidjourney, id: string) => {
    fake.finish((await drawing(id)).upstream_id);
    await pollTasksOnce(t.ctx);
    expect((await drawing(id)).status).toBe('SUCCESS');
  };
  /** A key of alice's with Midjourney settings. */
  const keyWith = async (mj: Body): Promise<string> => {
    const token = await seedToken(t.ctx, alice.userId);
    await t.ctx.db
      .updateTable('tokens')
      .set({ mj_setting: JSON.stringify(mj) })
      .where('id', '=', token.id)
      .execute();
    await t.ctx.tokens.invalidate([token.id]);
    return token.key;
  };

  let drawn = '';

  it('charges an imagine once, keeps the upstream id private and polls it to success', async () => {
    const res = await submit('/mj/submit/imagine', {
      prompt: 'a red fox in the snow',
      notifyHook: 'https://client.example/hook',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 1 });
    expect(body.result).toMatch(/^[1-9]\d{15}$/);
    drawn = body.result as string;
    const row = await drawing(drawn);
    expect(row).toMatchObject({ status: 'SUBMITTED', code: 1, quota: imaginePrice, refunded: 0 });
    expect(row.upstream_id).not.toBe(drawn);
    expect(first.tasks.has(row.upstream_id)).toBe(true);
    const sent = lastSubmit(first);
    expect(sent.headers['mj-api-secret']).toBe('mj-secret-a');
    expect(sent.path).toBe('/mj/submit/imagine');
    // The upstream gets our signed callback, never the client's (not kept: notify is off).
    expect(sent.body.notifyHook).toMatch(new RegExp(`/mj/notify/${channelA}/[0-9a-f]{32}$`));
    expect(JSON.parse(row.properties)).toEqual({});

    // Charged once: balance and key, one consume log, the ledger rows of the task.
    expect(await balancesOf(t.ctx, alice.userId, alice.tokenId)).toMatchObject({
      quota: 1_000_000 - imaginePrice,
      tokenRemain: 1_000_000 - imaginePrice,
    });
    const logs = await t.ctx.db
      .selectFrom('logs')
      .selectAll()
      .where('request_id', '=', row.request_id)
      .where('type', '=', LogType.consume)
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ model_name: 'mj_imagine', channel_id: channelA });
    expect(Number(logs[0]!.quota)).toBe(imaginePrice);
    expect(JSON.parse(logs[0]!.other)).toMatchObject({ is_task: true, task_id: drawn });
    const entries = await t.ctx.db
      .selectFrom('ledger_entries')
      .select(['account', 'delta'])
      .where('ref', '=', `midjourneys:${drawn}`)
      .execute();
    const moved = (account: string) =>
      entries.filter((e) => e.account === account).reduce((s, e) => s + Number(e.delta), 0);
    expect([moved('user'), moved('token')]).toEqual([-imaginePrice, -imaginePrice]);

    for (let i = 0; i < 8 && (await drawing(drawn)).status !== 'SUCCESS'; i++) {
      await pollTasksOnce(t.ctx);
    }
    const done = await drawing(drawn);
    expect(done).toMatchObject({ status: 'SUCCESS', progress: '100%' });
    expect(JSON.parse(done.properties)).not.toHaveProperty('notifyHook');
    expect(await balancesOf(t.ctx, alice.userId, alice.tokenId)).toMatchObject({
      quota: 1_000_000 - imaginePrice,
    });
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('shows only the caller’s own drawings, by public id, with gateway image links', async () => {
    const fetched = (await fetchTask(drawn)).json();
    expect(fetched).toMatchObject({
      id: drawn,
      action: 'IMAGINE',
      status: 'SUCCESS',
      progress: '100%',
      prompt: 'a red fox in the snow',
    });
    expect(fetched.imageUrl).toMatch(new RegExp(`^http://[^/]+/mj/image/${drawn}\\?t=\\w+$`));
    expect(fetched.finishTime).toBeGreaterThan(1e12);
    expect(fetched.buttons.length).toBeGreaterThan(0);
    expect(JSON.stringify(fetched)).not.toContain((await drawing(drawn)).upstream_id);

    const foreign = await fetchTask(drawn, bob.key);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({
      code: 3,
      description: expect.stringContaining(drawn) as string,
      type: 'task_not_found',
      result: null,
      properties: {},
    });
    const listed = await submit('/mj/task/list-by-condition', { ids: [drawn, '123'] }, bob.key);
    expect(listed.json()).toEqual([]);
    const own = await t.app.inject({
      method: 'POST',
      url: '/mj/task/list-by-condition',
      headers: { 'mj-api-secret': alice.key },
      payload: { ids: [drawn, '1234567890123456'] },
    });
    expect(own.json()).toHaveLength(1);
    expect(own.json()[0]).toMatchObject({ id: drawn, imageUrl: fetched.imageUrl });
  });

  it('serves an image by its link or to its owner, from the channel host only', async () => {
    const link = new URL((await fetchTask(drawn)).json().imageUrl as string);
    const linked = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(linked.statusCode).toBe(200);
    expect(linked.headers['content-type']).toBe('image/png');
    expect(linked.headers['cache-control']).toBe('private, max-age=86400');
    const byOwner = await t.app.inject({
      method: 'GET',
      url: link.pathname,
      headers: { 'mj-api-secret': alice.key },
    });
    expect(byOwner.statusCode).toBe(200);
    const byOther = await t.app.inject({
      method: 'GET',
      url: link.pathname,
      headers: { authorization: `Bearer ${bob.key}` },
    });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toMatchObject({ type: 'task_image_forbidden', result: null });
    expect((await t.app.inject({ method: 'GET', url: link.pathname })).statusCode).toBe(403);
    const wrong = await t.app.inject({ method: 'GET', url: `${link.pathname}?t=wrong` });
    expect(wrong.statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'GET', url: '/mj/image/1234567890123456' });
    expect(unknown.statusCode).toBe(404);

    const stored = (await drawing(drawn)).image_url;
    await t.ctx.db
      .updateTable('midjourneys')
      .set({ image_url: 'http://169.254.169.254/latest/meta-data' })
      .where('mj_id', '=', drawn)
      .execute();
    const foreignHost = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(foreignHost.statusCode).toBe(403);
    await t.ctx.db
      .updateTable('midjourneys')
      .set({ image_url: stored })
      .where('mj_id', '=', drawn)
      .execute();
  });

  it('hands images out as the key says: upstream origin, or on the key’s proxy host', async () => {
    const proxied = await keyWith({
      image_proxy_mode: 'proxy',
      image_proxy_url: 'https://img.example.com/',
    });
    const upstreamUrl = (await drawing(drawn)).image_url;
    const path = new URL(upstreamUrl).pathname;
    expect((await fetchTask(drawn, proxied)).json().imageUrl).toBe(
      `https://img.example.com${path}`,
    );
    const origin = await keyWith({ image_proxy_mode: 'origin' });
    expect((await fetchTask(drawn, origin)).json().imageUrl).toBe(upstreamUrl);
  });

  it('sends an action to the drawing’s channel with the upstream id, for its owner only', async () => {
    const parent = await drawing(drawn);
    const res = await submit('/mj/submit/action', {
      taskId: drawn,
      customId: 'MJ::JOB::upsample::1::abc',
    });
    expect(res.json()).toMatchObject({ code: 1 });
    expect(lastSubmit(first).body.taskId).toBe(parent.upstream_id);
    const child = await drawing(res.json().result as string);
    expect(child).toMatchObject({
      action: 'UPSCALE',
      channel_id: channelA,
      parent_id: drawn,
      prompt: parent.prompt,
      quota: upscalePrice,
    });
    const simple = await submit('/mj/submit/simple-change', { content: `${drawn} V2` });
    expect(simple.json()).toMatchObject({ code: 1 });
    expect(lastSubmit(first).body.content).toBe(`${parent.upstream_id} V2`);
    expect((await drawing(simple.json().result as string)).action).toBe('VARIATION');

    const foreign = await submit(
      '/mj/submit/action',
      { taskId: drawn, customId: 'MJ::JOB::upsample::2::x' },
      bob.key,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 3, type: 'task_not_found', result: null });
    const unfinished = await submit('/mj/submit/change', {
      taskId: child.mj_id,
      action: 'UPSCALE',
      index: 2,
    });
    expect(unfinished.statusCode).toBe(400);
    expect(unfinished.json()).toMatchObject({ code: 4, type: 'task_parent_not_success' });
  });

  it('refuses malformed submits before charging, in the caller’s language', async () => {
    const before = await balancesOf(t.ctx, alice.userId, alice.tokenId);
    const noPrompt = await submit('/mj/submit/imagine', { prompt: ' ' });
    expect(noPrompt.statusCode).toBe(400);
    expect(noPrompt.json()).toEqual({
      code: 4,
      description: 'prompt is required',
      type: 'task_prompt_required',
      result: null,
      properties: {},
    });
    const zh = await submit('/mj/submit/imagine', {}, alice.key, { 'accept-language': 'zh-CN' });
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
      const res = await submit(path, body);
      expect([path, res.statusCode, res.json()]).toMatchObject([path, 400, { code: 4, type }]);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/mj/submit/imagine',
      headers: { authorization: `Bearer ${alice.key}`, 'content-type': 'application/json' },
      payload: '{"prompt": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 4, result: null, properties: {} });
    expect(await balancesOf(t.ctx, alice.userId, alice.tokenId)).toMatchObject({
      quota: before.quota,
      tokenRemain: before.tokenRemain,
    });
  });

  it('does not charge refused submits (24, 4, 3, 23) and refunds failures once', async () => {
    const before = await balancesOf(t.ctx, alice.userId, alice.tokenId);
    const refusals: Array<[string, number]> = [
      ['#banned', 24],
      ['#invalid', 4],
      ['#noinstance', 3],
    ];
    for (const [marker, code] of refusals) {
      const res = await submit('/mj/submit/imagine', { prompt: `a cat ${marker}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code, result: null });
      expect(await lastDrawingOf(alice.userId)).toMatchObject({
        status: 'FAILURE',
        code,
        refunded: 1,
        upstream_id: '',
        progress: '100%',
      });
    }
    // A full queue is tried on the next channel; the upstream's id is never shown.
    await t.ctx.settings.set('RetryTimes', '1');
    const full = await submit('/mj/submit/imagine', { prompt: 'a crowd #queuefull' });
    await t.ctx.settings.set('RetryTimes', '0');
    expect(full.json()).toMatchObject({ code: 23, result: null });
    expect(lastSubmit(second).body.prompt).toBe('a crowd #queuefull');
    expect(await lastDrawingOf(alice.userId)).toMatchObject({ channel_id: channelB, refunded: 1 });
    expect(await balancesOf(t.ctx, alice.userId, alice.tokenId)).toMatchObject({
      quota: before.quota,
      tokenRemain: before.tokenRemain,
    });

    const failing = (await submit('/mj/submit/imagine', { prompt: 'a storm #fail' })).json()
      .result as string;
    for (let i = 0; i < 8 && (await drawing(failing)).status !== 'FAILURE'; i++) {
      await pollTasksOnce(t.ctx);
    }
    await Promise.all([pollTasksOnce(t.ctx), pollTasksOnce(t.ctx)]);
    expect(await drawing(failing)).toMatchObject({
      status: 'FAILURE',
      refunded: 1,
      progress: '100%',
    });
    expect(await balancesOf(t.ctx, alice.userId, alice.tokenId)).toMatchObject({
      quota: before.quota,
      tokenRemain: before.tokenRemain,
    });
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  let onB = '';

  it('retries a 5xx on another channel; actions on that drawing go back to it', async () => {
    await t.ctx.settings.set('RetryTimes', '1');
    first.fault = { status: 502, times: 1 };
    const res = await submit('/mj/submit/imagine', { prompt: 'a lighthouse' });
    await t.ctx.settings.set('RetryTimes', '0');
    expect(res.json().code).toBe(1);
    onB = res.json().result as string;
    const row = await drawing(onB);
    expect(row).toMatchObject({ channel_id: channelB, quota: imaginePrice });
    const log = await t.ctx.db
      .selectFrom('logs')
      .select('channel_id')
      .where('request_id', '=', row.request_id)
      .executeTakeFirstOrThrow();
    expect(log.channel_id).toBe(channelB);

    await finishDrawing(second, onB);
    const firstSubmits = submitsTo(first);
    const action = await submit('/mj/submit/action', {
      taskId: onB,
      customId: 'MJ::JOB::variation::1::abc',
    });
    expect(action.json().code).toBe(1);
    expect(submitsTo(first)).toBe(firstSubmits);
    expect(lastSubmit(second).body.taskId).toBe(row.upstream_id);
    expect(await drawing(action.json().result as string)).toMatchObject({
      channel_id: channelB,
      action: 'VARIATION',
      parent_id: onB,
    });

    // The seed is asked of the drawing's channel, by the upstream's id.
    const seed = await t.app.inject({
      method: 'GET',
      url: `/mj/task/${onB}/image-seed`,
      headers: { authorization: `Bearer ${alice.key}` },
    });
    expect(seed.json()).toMatchObject({ code: 1 });
    expect(second.requests.at(-1)!.path).toBe(`/mj/task/${row.upstream_id}/image-seed`);

    // A disabled channel takes no more actions on its drawings.
    await t.ctx.db.updateTable('channels').set({ status: 2 }).where('id', '=', channelB).execute();
    await t.ctx.channels.refresh();
    const refused = await submit('/mj/submit/action', {
      taskId: onB,
      customId: 'MJ::JOB::variation::2::abc',
    });
    await t.ctx.db.updateTable('channels').set({ status: 1 }).where('id', '=', channelB).execute();
    await t.ctx.channels.refresh();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: 'task_channel_disabled', result: null });
  });

  it('accepts the upstream’s signed callbacks for known drawings only', async () => {
    const id = (await submit('/mj/submit/imagine', { prompt: 'a tree' })).json().result as string;
    const row = await drawing(id);
    const path = new URL(lastSubmit(first).body.notifyHook as string).pathname;
    const task = {
      id: row.upstream_id,
      status: 'IN_PROGRESS',
      progress: '30%',
      imageUrl: `${first.url}/files/p.png`,
      properties: { notifyHook: 'http://gateway/mj/notify/secret' },
    };
    const good = await t.app.inject({ method: 'POST', url: path, payload: task });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ code: 1 });
    const moved = await drawing(id);
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
    expect((await drawing(id)).progress).toBe('30%');
  });

  it('keeps a client hook only when notifications are on, and never shows it', async () => {
    await t.ctx.settings.set('MjNotifyEnabled', 'true');
    const res = await submit('/mj/submit/imagine', {
      prompt: 'a bell',
      notifyHook: 'https://client.example/cb',
    });
    await t.ctx.settings.set('MjNotifyEnabled', 'false');
    const id = res.json().result as string;
    expect(JSON.parse((await drawing(id)).properties)).toEqual({
      clientNotifyHook: 'https://client.example/cb',
    });
    expect(lastSubmit(first).body.notifyHook).toContain('/mj/notify/');
    expect(JSON.stringify((await fetchTask(id)).json())).not.toContain('client.example');
  });

  it('resolves the speed mode (key, path, filter, prompt), forwards it and limits it', async () => {
    const relaxed = await submit('/mj-relax/mj/submit/imagine', { prompt: 'a calm sea' });
    expect(relaxed.json().code).toBe(1);
    expect(lastSubmit(first).path).toBe('/mj-relax/mj/submit/imagine');
    expect((await drawing(relaxed.json().result as string)).mode).toBe('relax');

    const turboKey = await keyWith({ mode: 'turbo' });
    const keyed = await submit('/mj-relax/mj/submit/imagine', { prompt: 'a comet' }, turboKey);
    expect(lastSubmit(first).path).toBe('/mj-turbo/mj/submit/imagine');
    expect((await drawing(keyed.json().result as string)).mode).toBe('turbo');

    const filtered = await submit('/mj/submit/imagine', {
      prompt: 'a dune --relax',
      accountFilter: { modes: ['FAST'] },
    });
    expect(lastSubmit(first).path).toBe('/mj-fast/mj/submit/imagine');
    expect(lastSubmit(first).body).not.toHaveProperty('accountFilter');
    expect((await drawing(filtered.json().result as string)).mode).toBe('fast');

    await t.ctx.settings.set('MjModeClearEnabled', 'true');
    const cleared = await submit('/mj/submit/imagine', { prompt: 'a hill --turbo --ar 16:9' });
    await t.ctx.settings.set('MjModeClearEnabled', 'false');
    expect(lastSubmit(first).path).toBe('/mj-turbo/mj/submit/imagine');
    expect(lastSubmit(first).body.prompt).toBe('a hill --ar 16:9');
    expect((await drawing(cleared.json().result as string)).prompt).toBe('a hill --ar 16:9');

    await t.ctx.settings.set('MjRelaxRateLimits', '1');
    const once = await submit('/mj/submit/imagine', { prompt: 'a calm lake --relax' });
    const again = await submit('/mj/submit/imagine', { prompt: 'a calm pond --relax' });
    await t.ctx.settings.set('MjRelaxRateLimits', '0');
    expect(once.json().code).toBe(1);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 30, type: 'task_mode_rate_limited', result: null });
  });

  it('authenticates Midjourney clients by mj-api-secret and refuses bad keys in its shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/mj/submit/imagine',
      headers: { 'mj-api-secret': alice.key, authorization: 'midjourney-proxy' },
      payload: { prompt: 'a key test' },
    });
    expect(res.json().code).toBe(1);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/mj/submit/imagine',
      headers: { 'mj-api-secret': 'sk-nope' },
      payload: { prompt: 'x' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 4, result: null, type: 'token_invalid' });
    const upload = await submit('/mj/submit/upload-discord-images', {
      base64Array: ['data:image/png;base64,AAAA'],
    });
    expect(upload.json()).toMatchObject({ code: 1 });
    expect(upload.json().result[0]).toContain('/files/upload-0.png');
    expect(await lastDrawingOf(alice.userId)).toMatchObject({
      action: 'UPLOAD',
      status: 'SUCCESS',
      model_name: 'mj_upload',
    });
    const blend = await submit('/mj/submit/blend', {
      base64Array: ['data:image/png;base64,AAAA', 'data:image/png;base64,BBBB'],
      dimensions: 'PORTRAIT',
    });
    expect(blend.json()).toMatchObject({ code: 1 });
    expect(await drawing(blend.json().result as string)).toMatchObject({
      action: 'BLEND',
      model_name: 'mj_blend',
      status: 'SUBMITTED',
    });
  });

  it('charges a queued (22) or existing (21) task as accepted; a region edit waits in its window', async () => {
    const queued = await submit('/mj/submit/imagine', { prompt: 'a mill #queue' });
    expect(queued.json().code).toBe(1);
    const row = await drawing(queued.json().result as string);
    expect(row).toMatchObject({ code: 22, quota: imaginePrice, refunded: 0, status: 'SUBMITTED' });
    await finishDrawing(first, row.mj_id);

    const dup = await submit('/mj/submit/imagine', { prompt: 'a mill again #dup' });
    expect(dup.json()).toMatchObject({ code: 21 });
    const existing = await drawing(dup.json().result as string);
    expect(existing).toMatchObject({ status: 'SUCCESS', progress: '100%', refunded: 0 });
    expect(existing.finish_time).toBeGreaterThan(0);
    expect(dup.json().properties.imageUrl).toContain(`/mj/image/${existing.mj_id}?t=`);

    const region = await submit('/mj/submit/action', {
      taskId: row.mj_id,
      customId: 'MJ::Inpaint::1::abc::SOLO',
    });
    expect(region.json().code).toBe(21);
    const waiting = await drawing(region.json().result as string);
    expect(waiting).toMatchObject({ status: 'MODAL', action: 'INPAINT', quota: 0 });
    const modal = await submit('/mj/submit/modal', {
      taskId: waiting.mj_id,
      prompt: 'add a boat',
      maskBase64: 'AAAA',
    });
    expect(modal.json().code).toBe(1);
    const confirmed = await drawing(modal.json().result as string);
    expect(confirmed).toMatchObject({ action: 'MODAL', parent_id: waiting.mj_id, quota: 50_000 });
    expect(lastSubmit(first).body.taskId).toBe(waiting.upstream_id);
    await finishDrawing(first, confirmed.mj_id);
    expect((await drawing(waiting.mj_id)).status).toBe('SUCCESS');
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('overflows into the backup pool at the key’s group price when the group is saturated', async () => {
    const backupChannel = await seedChannel(t.ctx, {
      type: 5,
      baseUrl: second.url,
      key: 'mj-secret-b',
      models,
      group: 'mj-backup',
    });
    const ratios = JSON.stringify(t.ctx.settings.get(groupRatio));
    await t.ctx.settings.set('GroupRatio', JSON.stringify({ default: 1, 'mj-backup': 2 }));
    const pooled = await keyWith({ backup_pool: true });
    const plain = await keyWith({});
    try {
      first.fault = { status: 503, times: 1 };
      const without = await submit('/mj/submit/imagine', { prompt: 'a wave' }, plain);
      expect(without.statusCode).toBe(502);
      expect(without.json()).toMatchObject({ code: 9, result: null });

      const before = await balancesOf(t.ctx, alice.userId);
      first.fault = { status: 503, times: 1 };
      const res = await submit('/mj/submit/imagine', { prompt: 'a big wave' }, pooled);
      expect(res.json().code).toBe(1);
      expect(await drawing(res.json().result as string)).toMatchObject({
        channel_id: backupChannel,
        group: 'mj-backup',
        quota: imaginePrice,
      });
      const refused = await t.ctx.db
        .selectFrom('midjourneys')
        .selectAll()
        .where('prompt', '=', 'a big wave')
        .where('status', '=', 'FAILURE')
        .executeTakeFirstOrThrow();
      expect(refused).toMatchObject({ channel_id: channelA, refunded: 1 });
      expect((await balancesOf(t.ctx, alice.userId)).quota).toBe(before.quota - imaginePrice);
    } finally {
      await t.ctx.settings.set('GroupRatio', ratios);
      await t.ctx.db
        .updateTable('channels')
        .set({ status: 2 })
        .where('id', '=', backupChannel)
        .execute();
      await t.ctx.channels.refresh();
    }
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('reports "no instance" (3) as a channel failure for automatic disabling', async () => {
    await t.ctx.settings.set('AutomaticDisableChannelEnabled', 'true');
    await t.ctx.settings.set('AutomaticDisableStatusCodes', '401,503');
    try {
      const res = await submit('/mj/submit/imagine', { prompt: 'a gap #noinstance' });
      expect(res.json()).toMatchObject({ code: 3, result: null });
      let status = 1;
      for (let i = 0; i < 40 && status === 1; i++) {
        await sleep(25);
        const row = await t.ctx.db
          .selectFrom('channels')
          .select('status')
          .where('id', '=', channelA)
          .executeTakeFirstOrThrow();
        status = row.status;
      }
      expect(status).toBe(3);
    } finally {
      await t.ctx.settings.set('AutomaticDisableChannelEnabled', 'false');
      await t.ctx.settings.set('AutomaticDisableStatusCodes', '401');
      await t.ctx.db
        .updateTable('channels')
        .set({ status: 1 })
        .where('id', '=', channelA)
        .execute();
      await t.ctx.channels.refresh();
    }
  });

  it('refuses drawings while drawing is switched off', async () => {
    await t.ctx.settings.set('DrawingEnabled', 'false');
    const res = await submit('/mj/submit/imagine', { prompt: 'a closed door' });
    await t.ctx.settings.set('DrawingEnabled', 'true');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ type: 'drawing_disabled', result: null });
  });
});
