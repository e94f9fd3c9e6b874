import { LogType, Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTask } from '../../src/db/queries/tasks.js';
import { pollTasksOnce } from '../../src/domain/tasks/poll-tasks.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { createTestApp, testDb, testRedis, type TestApp } from '../helpers/test-context.js';
import { balancesOf, logsOf, seedChannel, seedToken, seedUser } from '../relay/relay-fixture.js';
import { newUser } from '../tokens/console-helpers.js';
import {
  MP4,
  startFakeKling,
  startFakeOpenAIVideos,
  type FakeKling,
  type FakeOpenAIVideos,
} from '../fake-tasks/index.js';

/** USD per call → quota (500,000 per USD). */
const quotaOf = (usd: number) => Math.round(usd * 500_000);

/** A multipart body with text fields and one file. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = '----gatewaytest7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(value),
      Buffer.from('\r\n'),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="ref.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe(`video relay on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;
  let sora: FakeOpenAIVideos;
  let kling: FakeKling;
  /** Another gateway relaying Kling: the fake takes its `sk-` key under `/kling/…`. */
  let relay: FakeKling;
  let user: { userId: number; tokenId: number; key: string };
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    await newUser(t.ctx, Role.root);
    sora = await startFakeOpenAIVideos({ key: 'sk-sora' });
    kling = await startFakeKling({ accessKey: 'ak-test', secretKey: 'sk-secret-test' });
    relay = await startFakeKling({ relayKey: 'sk-relay-key' });
    await seedChannel(t.ctx, {
      type: 55,
      baseUrl: sora.url,
      key: 'sk-sora',
      models: ['sora-2', 'sora-2-pro'],
    });
    // An OpenAI channel serving videos under another name.
    await seedChannel(t.ctx, {
      type: 1,
      baseUrl: sora.url,
      key: 'sk-sora',
      models: ['sora-2-cheap'],
      modelMapping: { 'sora-2-cheap': 'sora-2' },
    });
    await seedChannel(t.ctx, {
      type: 50,
      baseUrl: kling.url,
      key: 'ak-test|sk-secret-test',
      models: ['kling-v1'],
    });
    await seedChannel(t.ctx, {
      type: 50,
      baseUrl: relay.url,
      key: 'sk-relay-key',
      models: ['kling-relayed'],
    });
    await t.ctx.settings.set(
      'ModelPrice',
      JSON.stringify({
        'kling-v1': 0.2,
        'kling-relayed': 0.2,
        'sora-2': 0.3,
        'sora-2-pro': 0.5,
        'sora-2-cheap': 0.1,
      }),
    );
    const userId = await seedUser(t.ctx, { quota: 50_000_000 });
    const token = await seedToken(t.ctx, userId, { unlimited: false, remainQuota: 50_000_000 });
    user = { userId, tokenId: token.id, key: token.key };
    other = (await seedToken(t.ctx, await seedUser(t.ctx))).key;
  });
  afterAll(async () => {
    await t.cleanup();
    await sora.close();
    await kling.close();
    await relay.close();
  });

  const send = (method: 'GET' | 'POST', url: string, body?: unknown, key = user.key) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const poll = async (taskId: string, status: string) => {
    for (let i = 0; i < 6; i++) {
      await pollTasksOnce(t.ctx);
      if ((await findTask(t.ctx.db, taskId))?.status === status) return;
    }
    throw new Error(`task ${taskId} never reached ${status}`);
  };
  const balances = () => balancesOf(t.ctx, user.userId, user.tokenId);
  const refundsOf = async (taskId: string) =>
    (await logsOf(t.ctx, user.userId)).filter(
      (l) => l.type === LogType.refund && l.other.includes(taskId),
    ).length;

  it('prices a Sora video per second and size, polls it, and streams its content to the owner', async () => {
    const before = (await balances()).quota;
    const res = await send('POST', '/v1/videos', {
      model: 'sora-2-pro',
      prompt: 'a fox running',
      seconds: '8',
      size: '1792x1024',
    });
    expect(res.statusCode, res.body).toBe(200);
    const video = res.json();
    expect(video).toMatchObject({
      object: 'video',
      status: 'queued',
      model: 'sora-2-pro',
      seconds: '8',
      size: '1792x1024',
      progress: 0,
      prompt: 'a fox running',
      error: null,
    });
    expect(video.id).toMatch(/^task_[0-9A-Za-z]{32}$/);
    expect(video.task_id).toBe(video.id);
    // 0.5 USD × 8 s × 1.666667 = 6.666668 USD
    expect(before - (await balances()).quota).toBe(3_333_334);
    const row = (await findTask(t.ctx.db, video.id as string))!;
    expect(row.upstream_id).toMatch(/^video_/);
    expect(sora.requests.at(-1)!.body).toMatchObject({ model: 'sora-2-pro', seconds: '8' });

    await poll(video.id as string, 'SUCCESS');
    const done = (await send('GET', `/v1/videos/${video.id}`)).json();
    expect(done).toMatchObject({ id: video.id, status: 'completed', progress: 100 });
    expect(done.completed_at).toBeGreaterThan(1_600_000_000);
    const unified = (await send('GET', `/v1/video/generations/${video.id}`)).json();
    expect(unified).toMatchObject({ code: 'success', data: { task_id: video.id } });
    expect(unified.data.result_url).toMatch(new RegExp(`/v1/videos/${video.id}/content$`));
    expect(JSON.stringify(unified)).not.toContain(row.upstream_id);

    const file = await send('GET', `/v1/videos/${video.id}/content`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.rawPayload.equals(MP4)).toBe(true);
    const contentCall = sora.requests.at(-1)!;
    expect(contentCall.path).toBe(`/v1/videos/${row.upstream_id}/content`);
    expect(contentCall.headers.authorization).toBe('Bearer sk-sora');
    // The owner's console session may load it too; nobody else.
    const session = t.app.signCookie(await t.ctx.sessions.create(user.userId));
    const byConsole = await t.app.inject({
      method: 'GET',
      url: `/v1/videos/${video.id}/content`,
      cookies: { session },
    });
    expect(byConsole.statusCode).toBe(200);
    const foreign = await send('GET', `/v1/videos/${video.id}/content`, undefined, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('task_not_found');
    expect((await send('GET', `/v1/videos/${video.id}`, undefined, other)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/v1/videos/${video.id}/content` });
    expect(anonymous.statusCode).toBe(401);

    // A remix goes to the same upstream video and costs what the original did.
    const beforeRemix = (await balances()).quota;
    const remix = await send('POST', `/v1/videos/${video.id}/remix`, { prompt: 'now at night' });
    expect(remix.statusCode, remix.body).toBe(200);
    expect(remix.json()).toMatchObject({ remixed_from_video_id: video.id, status: 'queued' });
    expect(beforeRemix - (await balances()).quota).toBe(3_333_334);
    expect(sora.requests.at(-1)!.path).toBe(`/v1/videos/${row.upstream_id}/remix`);
    const remixRow = (await findTask(t.ctx.db, remix.json().id as string))!;
    expect(remixRow).toMatchObject({ action: 'remixGenerate', channel_id: row.channel_id });
    // Only a finished video can be remixed.
    const unfinished = await send('POST', `/v1/videos/${remixRow.task_id}/remix`, { prompt: 'x' });
    expect(unfinished.statusCode).toBe(400);
    expect(unfinished.json().error.code).toBe('task_not_finished');
    await poll(remixRow.task_id, 'SUCCESS');
    const remixed = (await send('GET', `/v1/videos/${remixRow.task_id}`)).json();
    expect(remixed.remixed_from_video_id).toBe(video.id);
  });

  it('forwards a multipart create unchanged, or with the mapped model put in', async () => {
    const ref = { name: 'input_reference', bytes: Buffer.from([0, 1, 2, 255, 13, 10, 45, 45]) };
    const plain = multipart({ prompt: 'a paper boat', model: 'sora-2', seconds: '4' }, ref);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/videos',
      headers: { authorization: `Bearer ${user.key}`, 'content-type': plain.contentType },
      payload: plain.body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ model: 'sora-2', seconds: '4', size: '720x1280' });
    expect(sora.requests.at(-1)!.body).toEqual(plain.body);
    expect((await findTask(t.ctx.db, res.json().id as string))!.action).toBe('generate');

    const before = (await balances()).quota;
    const mapped = multipart({ prompt: 'a paper plane', model: 'sora-2-cheap', seconds: '8' }, ref);
    const res2 = await t.app.inject({
      method: 'POST',
      url: '/v1/videos',
      headers: { authorization: `Bearer ${user.key}`, 'content-type': mapped.contentType },
      payload: mapped.body,
    });
    expect(res2.statusCode, res2.body).toBe(200);
    expect(res2.json().model).toBe('sora-2-cheap');
    // 0.1 USD × 8 s
    expect(before - (await balances()).quota).toBe(quotaOf(0.8));
    const forwarded = sora.requests.at(-1)!;
    expect(forwarded.form).toEqual({
      prompt: 'a paper plane',
      model: 'sora-2',
      seconds: '8',
      input_reference: 'ref.png',
    });
    const bytes = forwarded.body as Buffer;
    expect(bytes.toString('latin1')).not.toContain('sora-2-cheap');
    expect(bytes.includes(ref.bytes)).toBe(true);
  });

  it('refuses bad fields in OpenAI’s error shape without charging', async () => {
    const before = await balances();
    const bad = await send('POST', '/v1/videos', {
      model: 'sora-2',
      prompt: 'x',
      size: '1792x1024',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { code: 'task_field_invalid', type: 'invalid_request_error' },
    });
    expect(bad.json().error.message).toContain('size');
    const seconds = await send('POST', '/v1/videos', { prompt: 'x', seconds: '5' });
    expect(seconds.statusCode).toBe(400);
    expect(seconds.json().error.code).toBe('task_field_invalid');
    const missing = await send('POST', '/v1/videos', { model: 'sora-2' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('task_prompt_required');
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/v1/videos',
      headers: { authorization: `Bearer ${user.key}`, 'content-type': 'application/json' },
      payload: '{"prompt":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toBeDefined();
    const unknown = await send('GET', '/v1/videos/task_doesnotexist');
    expect(unknown.statusCode).toBe(404);
    const torn = await t.app.inject({
      method: 'POST',
      url: '/v1/videos',
      headers: {
        authorization: `Bearer ${user.key}`,
        'content-type': 'multipart/form-data; boundary=abc',
      },
      payload: '--abc\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nhalf',
    });
    expect(torn.statusCode).toBe(400);
    expect(torn.json().error.code).toBe('invalid_request');
    expect((await send('GET', '/v1/videos')).statusCode).toBe(501);
    expect(await balances()).toMatchObject({
      quota: before.quota,
      tokenRemain: before.tokenRemain,
    });
    // Refused upstream: answered with its reason, charged and refunded.
    const refused = await send('POST', '/v1/videos', { prompt: 'nope #refuse' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('moderation system');
    expect((await balances()).quota).toBe(before.quota);
  });

  it('refunds a failed video exactly once, even when polled twice at once', async () => {
    const before = await balances();
    const failing = (await send('POST', '/v1/videos', { prompt: 'a storm #fail' })).json()
      .id as string;
    expect((await balances()).quota).toBe(before.quota - quotaOf(0.3 * 4));
    // A rate-limited poll changes nothing and backs off.
    sora.failQueriesWith429 = 1;
    await pollTasksOnce(t.ctx);
    const waiting = (await findTask(t.ctx.db, failing))!;
    expect(waiting).toMatchObject({ status: 'QUEUED', poll_errors: 1 });
    await t.ctx.db
      .updateTable('tasks')
      .set({ next_poll_at: 0 })
      .where('task_id', '=', failing)
      .execute();
    await poll(failing, 'IN_PROGRESS');
    const progress = async () => (await send('GET', `/v1/videos/${failing}`)).json().progress;
    expect(await progress()).toBe(10);
    // The fake fails a `#fail` video after 50%: from there both polls at once read the failure.
    await pollTasksOnce(t.ctx);
    expect(await progress()).toBe(50);
    await Promise.all([pollTasksOnce(t.ctx), pollTasksOnce(t.ctx)]);
    await pollTasksOnce(t.ctx);
    expect(await findTask(t.ctx.db, failing)).toMatchObject({ status: 'FAILURE', refunded: 1 });
    expect(await refundsOf(failing)).toBe(1);
    expect(await balances()).toMatchObject({
      quota: before.quota,
      tokenRemain: before.tokenRemain,
    });
    const failed = (await send('GET', `/v1/videos/${failing}`)).json();
    expect(failed).toMatchObject({
      status: 'failed',
      error: {
        code: 'moderation_blocked',
        message: 'Your request was blocked by our moderation system.',
      },
    });
    const content = await send('GET', `/v1/videos/${failing}/content`);
    expect(content.statusCode).toBe(400);
    expect(content.json().error.code).toBe('task_not_finished');
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('signs Kling requests and follows text2video to success by both routes', async () => {
    const before = (await balances()).quota;
    const native = await send('POST', '/kling/v1/videos/text2video', {
      model_name: 'kling-v1',
      prompt: 'a cat surfing',
      duration: '10',
      callback_url: 'https://client.example/hook',
    });
    expect(native.statusCode, native.body).toBe(200);
    expect(native.json()).toMatchObject({
      code: 0,
      message: 'SUCCEED',
      data: { task_status: 'submitted' },
    });
    const taskId = native.json().data.task_id as string;
    expect(taskId).toMatch(/^task_/);
    // Flat per call, whatever the duration.
    expect(before - (await balances()).quota).toBe(quotaOf(0.2));
    const submitted = kling.requests.at(-1)!;
    expect(submitted.body).toMatchObject({ model_name: 'kling-v1', duration: '10' });
    expect(submitted.body).not.toHaveProperty('callback_url');
    const jwt = String(submitted.headers.authorization).slice('Bearer '.length).split('.');
    const claims = JSON.parse(Buffer.from(jwt[1]!, 'base64url').toString()) as Record<
      string,
      number | string
    >;
    expect(claims.iss).toBe('ak-test');
    expect(Number(claims.exp) - Number(claims.nbf)).toBe(1805);

    await poll(taskId, 'SUCCESS');
    const read = (await send('GET', `/kling/v1/videos/text2video/${taskId}`)).json();
    expect(read).toMatchObject({ code: 0, data: { task_id: taskId, task_status: 'succeed' } });
    expect(read.data.task_result.videos[0].url).toContain('/files/');
    const row = (await findTask(t.ctx.db, taskId))!;
    expect(JSON.stringify(read)).not.toContain(`"${row.upstream_id.split(':')[1]}"`);
    const foreign = await send('GET', `/kling/v1/videos/text2video/${taskId}`, undefined, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).not.toBe(0);

    const unified = await send('POST', '/v1/video/generations', {
      model: 'kling-v1',
      prompt: 'a dog skating',
      size: '1280x720',
    });
    expect(unified.statusCode, unified.body).toBe(200);
    const id = unified.json().id as string;
    expect(unified.json()).toMatchObject({ task_id: id, object: 'video', status: 'queued' });
    expect(kling.requests.at(-1)!).toMatchObject({
      path: '/v1/videos/text2video',
      body: { model_name: 'kling-v1', aspect_ratio: '16:9', duration: '5', mode: 'std' },
    });
    expect((await findTask(t.ctx.db, id))!.action).toBe('textGenerate');
    await poll(id, 'SUCCESS');
    const dto = (await send('GET', `/v1/video/generations/${id}`)).json();
    expect(dto).toMatchObject({ code: 'success', data: { task_id: id, status: 'SUCCESS' } });
    expect(dto.data.result_url).toContain('/files/');
    const file = await send('GET', `/v1/videos/${id}/content`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(MP4)).toBe(true);
    expect((await send('GET', `/v1/video/generations/${id}`, undefined, other)).statusCode).toBe(
      404,
    );

    // An image makes it image-to-video.
    const fromImage = await send('POST', '/v1/video/generations', {
      model: 'kling-v1',
      prompt: 'the picture comes alive',
      image: 'https://example.com/a.png',
    });
    expect(fromImage.statusCode, fromImage.body).toBe(200);
    expect((await findTask(t.ctx.db, fromImage.json().id as string))!.action).toBe('generate');
    expect(kling.requests.at(-1)!.path).toBe('/v1/videos/image2video');
    await poll(fromImage.json().id as string, 'SUCCESS');
    const image = (
      await send('GET', `/kling/v1/videos/image2video/${fromImage.json().id as string}`)
    ).json();
    expect(image.data.task_status).toBe('succeed');
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('answers Kling errors in Kling’s envelope and refunds refusals', async () => {
    const before = (await balances()).quota;
    const noImage = await send('POST', '/kling/v1/videos/image2video', {
      model_name: 'kling-v1',
      prompt: 'x',
    });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json()).toMatchObject({ data: null });
    expect(noImage.json().code).not.toBe(0);
    const duration = await send('POST', '/kling/v1/videos/text2video', {
      prompt: 'x',
      duration: '7',
    });
    expect(duration.statusCode).toBe(400);
    const refused = await send('POST', '/kling/v1/videos/text2video', {
      model_name: 'kling-v1',
      prompt: 'forbidden #refuse',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 1301,
      message: 'Trigger the content security policy of the platform',
    });
    const noKey = await t.app.inject({ method: 'GET', url: '/kling/v1/videos/text2video/x' });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().code).not.toBe(0);
    expect((await balances()).quota).toBe(before);

    // A failing Kling video is refunded with Kling's reason.
    const failing = (
      await send('POST', '/kling/v1/videos/text2video', { prompt: 'rain #fail' })
    ).json().data.task_id as string;
    await poll(failing, 'FAILURE');
    const read = (await send('GET', `/kling/v1/videos/text2video/${failing}`)).json();
    expect(read.data).toMatchObject({
      task_status: 'failed',
      task_status_msg: 'Failure to pass the risk control system',
    });
    expect((await balances()).quota).toBe(before);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('relays Kling through another gateway with its sk- key under /kling', async () => {
    const res = await send('POST', '/kling/v1/videos/text2video', {
      model_name: 'kling-relayed',
      prompt: 'a relayed video',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(relay.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/kling/v1/videos/text2video',
      headers: { authorization: 'Bearer sk-relay-key' },
    });
    const taskId = res.json().data.task_id as string;
    await poll(taskId, 'SUCCESS');
    // The one task the relayed gateway took.
    const [relayedId] = relay.tasks.keys();
    expect(relay.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/kling/v1/videos/text2video/${relayedId}`,
      headers: { authorization: 'Bearer sk-relay-key' },
    });
    const row = (await findTask(t.ctx.db, taskId))!;
    expect(row.result_url).toBe(`${relay.url}/files/${relayedId}.mp4`);
  });
});
