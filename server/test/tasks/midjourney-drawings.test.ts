import { LogType } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollTasksOnce } from '../../src/domain/tasks/poll-tasks.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { balancesOf } from '../relay/relay-fixture.js';
import {
  engine,
  imaginePrice,
  startMidjourneyTest,
  upscalePrice,
  type MidjourneyTest,
} from './midjourney-fixture.js';

/**
 * A drawing's life at the gateway: the imagine and its charge, who may see it and its images,
 * and the actions on it.
 */
describe(`Midjourney drawings on ${engine}`, () => {
  let t: MidjourneyTest;
  beforeAll(async () => {
    t = await startMidjourneyTest();
  });
  afterAll(() => t.cleanup());

  it('charges an imagine once, keeps the upstream id private and polls it to success', async () => {
    const res = await t.submit('/mj/submit/imagine', {
      prompt: 'a red fox in the snow',
      notifyHook: 'https://client.example/hook',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 1 });
    expect(body.result).toMatch(/^[1-9]\d{15}$/);
    const drawn = body.result as string;
    const row = await t.drawing(drawn);
    expect(row).toMatchObject({ status: 'SUBMITTED', code: 1, quota: imaginePrice, refunded: 0 });
    expect(row.upstream_id).not.toBe(drawn);
    expect(t.first.tasks.has(row.upstream_id)).toBe(true);
    const sent = t.lastSubmit(t.first);
    expect(sent.headers['mj-api-secret']).toBe('mj-secret-a');
    expect(sent.path).toBe('/mj/submit/imagine');
    // The upstream gets our signed callback, never the client's (not kept: notify is off).
    expect(sent.body.notifyHook).toMatch(new RegExp(`/mj/notify/${t.channelA}/[0-9a-f]{32}$`));
    expect(JSON.parse(row.properties)).toEqual({});

    // Charged once: balance and key, one consume log, the ledger rows of its request. (The balances
    // are absolute: this is alice's first charge, so the test stays first in the file.)
    expect(await balancesOf(t.ctx, t.alice.userId, t.alice.tokenId)).toMatchObject({
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
    expect(logs[0]).toMatchObject({ model_name: 'mj_imagine', channel_id: t.channelA });
    expect(Number(logs[0]!.quota)).toBe(imaginePrice);
    expect(JSON.parse(logs[0]!.other)).toMatchObject({ is_task: true, task_id: drawn });
    const entries = await t.ctx.db
      .selectFrom('ledger_entries')
      .select(['account', 'delta'])
      .where('ref', '=', row.request_id)
      .execute();
    const moved = (account: string) =>
      entries.filter((e) => e.account === account).reduce((s, e) => s + Number(e.delta), 0);
    expect([moved('user'), moved('token')]).toEqual([-imaginePrice, -imaginePrice]);

    for (let i = 0; i < 8 && (await t.drawing(drawn)).status !== 'SUCCESS'; i++) {
      await pollTasksOnce(t.ctx);
    }
    const done = await t.drawing(drawn);
    expect(done).toMatchObject({ status: 'SUCCESS', progress: '100%' });
    expect(JSON.parse(done.properties)).not.toHaveProperty('notifyHook');
    expect(await balancesOf(t.ctx, t.alice.userId, t.alice.tokenId)).toMatchObject({
      quota: 1_000_000 - imaginePrice,
    });
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('shows only the caller’s own drawings, by public id, with gateway image links', async () => {
    const drawn = await t.drawOne();
    const fetched = (await t.fetchTask(drawn)).json();
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
    expect(JSON.stringify(fetched)).not.toContain((await t.drawing(drawn)).upstream_id);

    const foreign = await t.fetchTask(drawn, t.bob.key);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({
      code: 3,
      description: expect.stringContaining(drawn) as string,
      type: 'task_not_found',
      result: null,
      properties: {},
    });
    const listed = await t.submit('/mj/task/list-by-condition', { ids: [drawn, '123'] }, t.bob.key);
    expect(listed.json()).toEqual([]);
    const own = await t.app.inject({
      method: 'POST',
      url: '/mj/task/list-by-condition',
      headers: { 'mj-api-secret': t.alice.key },
      payload: { ids: [drawn, '1234567890123456'] },
    });
    expect(own.json()).toHaveLength(1);
    expect(own.json()[0]).toMatchObject({ id: drawn, imageUrl: fetched.imageUrl });
  });

  it('serves an image by its link or to its owner, from the channel host only', async () => {
    const drawn = await t.drawOne();
    const link = new URL((await t.fetchTask(drawn)).json().imageUrl as string);
    const linked = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(linked.statusCode).toBe(200);
    expect(linked.headers['content-type']).toBe('image/png');
    expect(linked.headers['cache-control']).toBe('private, max-age=86400');
    const byOwner = await t.app.inject({
      method: 'GET',
      url: link.pathname,
      headers: { 'mj-api-secret': t.alice.key },
    });
    expect(byOwner.statusCode).toBe(200);
    const byOther = await t.app.inject({
      method: 'GET',
      url: link.pathname,
      headers: { authorization: `Bearer ${t.bob.key}` },
    });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toMatchObject({ type: 'task_image_forbidden', result: null });
    expect((await t.app.inject({ method: 'GET', url: link.pathname })).statusCode).toBe(403);
    const wrong = await t.app.inject({ method: 'GET', url: `${link.pathname}?t=wrong` });
    expect(wrong.statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'GET', url: '/mj/image/1234567890123456' });
    expect(unknown.statusCode).toBe(404);

    const stored = (await t.drawing(drawn)).image_url;
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
    const drawn = await t.drawOne();
    const proxied = await t.keyWith({
      image_proxy_mode: 'proxy',
      image_proxy_url: 'https://img.example.com/',
    });
    const upstreamUrl = (await t.drawing(drawn)).image_url;
    const path = new URL(upstreamUrl).pathname;
    expect((await t.fetchTask(drawn, proxied)).json().imageUrl).toBe(
      `https://img.example.com${path}`,
    );
    const origin = await t.keyWith({ image_proxy_mode: 'origin' });
    expect((await t.fetchTask(drawn, origin)).json().imageUrl).toBe(upstreamUrl);
  });

  it('sends an action to the drawing’s channel with the upstream id, for its owner only', async () => {
    const drawn = await t.drawOne();
    const parent = await t.drawing(drawn);
    const res = await t.submit('/mj/submit/action', {
      taskId: drawn,
      customId: 'MJ::JOB::upsample::1::abc',
    });
    expect(res.json()).toMatchObject({ code: 1 });
    expect(t.lastSubmit(t.first).body.taskId).toBe(parent.upstream_id);
    const child = await t.drawing(res.json().result as string);
    expect(child).toMatchObject({
      action: 'UPSCALE',
      channel_id: t.channelA,
      parent_id: drawn,
      prompt: parent.prompt,
      quota: upscalePrice,
    });
    const simple = await t.submit('/mj/submit/simple-change', { content: `${drawn} V2` });
    expect(simple.json()).toMatchObject({ code: 1 });
    expect(t.lastSubmit(t.first).body.content).toBe(`${parent.upstream_id} V2`);
    expect((await t.drawing(simple.json().result as string)).action).toBe('VARIATION');

    const foreign = await t.submit(
      '/mj/submit/action',
      { taskId: drawn, customId: 'MJ::JOB::upsample::2::x' },
      t.bob.key,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 3, type: 'task_not_found', result: null });
    const unfinished = await t.submit('/mj/submit/change', {
      taskId: child.mj_id,
      action: 'UPSCALE',
      index: 2,
    });
    expect(unfinished.statusCode).toBe(400);
    expect(unfinished.json()).toMatchObject({ code: 4, type: 'task_parent_not_success' });
  });
});
