import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesOf, call, dig, startReceiver, str, type Json } from './fake-client.js';
import {
  MP4,
  startFakeKling,
  startFakeOpenAIVideos,
  type FakeKling,
  type FakeOpenAIVideos,
} from './index.js';

/** Self-test of the fake video upstreams (OpenAI Videos, Kling): lifecycle, auth, knobs, files. */

describe('fake OpenAI Videos', () => {
  let sora: FakeOpenAIVideos;
  const auth = { authorization: 'Bearer sk-v' };
  const create = (body: unknown) => call(`${sora.url}/v1/videos`, 'POST', body, auth);
  const retrieve = (id: string) => call(`${sora.url}/v1/videos/${id}`, 'GET', undefined, auth);

  beforeAll(async () => {
    sora = await startFakeOpenAIVideos({ key: 'sk-v', slowMs: 50 });
  });
  afterAll(() => sora.close());

  it('validates creates in OpenAI’s error shape', async () => {
    const unauthorized = await call(`${sora.url}/v1/videos`, 'POST', { prompt: 'x' });
    expect(unauthorized).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_api_key' } },
    });
    expect(await create({ model: 'sora-2' })).toMatchObject({
      status: 400,
      body: { error: { param: 'prompt', code: 'missing_required_parameter' } },
    });
    expect(str((await create({ prompt: 'x', size: '1792x1024' })).body, 'error', 'param')).toBe(
      'size',
    );
    expect(str((await create({ prompt: 'x', seconds: 8 })).body, 'error', 'param')).toBe('seconds');
    expect(str((await create({ prompt: 'x #refuse' })).body, 'error', 'code')).toBe(
      'moderation_blocked',
    );
  });

  it('takes multipart, moves a video to completed and serves its MP4', async () => {
    const boundary = 'b0undary';
    const form = [
      ['prompt', 'a wave'],
      ['model', 'sora-2-pro'],
      ['seconds', '8'],
      ['size', '1792x1024'],
    ]
      .map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
      .join('');
    const res = await fetch(`${sora.url}/v1/videos`, {
      method: 'POST',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `${form}--${boundary}--\r\n`,
    });
    const video = (await res.json()) as Json;
    expect(video).toMatchObject({
      object: 'video',
      status: 'queued',
      progress: 0,
      model: 'sora-2-pro',
      seconds: '8',
      size: '1792x1024',
    });
    expect(sora.requests.at(-1)!.form).toMatchObject({ prompt: 'a wave', seconds: '8' });
    expect(Buffer.isBuffer(sora.requests.at(-1)!.body)).toBe(true);
    expect(
      (await call(`${sora.url}/v1/videos/${video.id}/content`, 'GET', undefined, auth)).status,
    ).toBe(400);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const v = (await retrieve(video.id as string)).body;
      seen.push(`${v.status} ${v.progress}`);
    }
    expect(seen).toEqual(['in_progress 10', 'in_progress 50', 'in_progress 90', 'completed 100']);
    const done = (await retrieve(video.id as string)).body;
    expect(done.expires_at).toBe((done.completed_at as number) + 3600);
    const content = await fetch(`${sora.url}/v1/videos/${video.id}/content`, { headers: auth });
    expect(content.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await content.arrayBuffer())).toEqual(MP4);
    const remix = (
      await call(`${sora.url}/v1/videos/${video.id}/remix`, 'POST', { prompt: 'at night' }, auth)
    ).body;
    expect(remix).toMatchObject({
      remixed_from_video_id: video.id,
      model: 'sora-2-pro',
      status: 'queued',
    });
  });

  it('fails by marker and answers 429 to polls on demand', async () => {
    const id = (await create({ prompt: 'a storm #fail' })).body.id as string;
    sora.advanceAll(3);
    expect((await retrieve(id)).body).toMatchObject({
      status: 'failed',
      error: { code: 'moderation_blocked' },
    });
    sora.failQueriesWith429 = 1;
    expect(await retrieve(id)).toMatchObject({ status: 429, body: { error: { code: '429' } } });
    expect((await retrieve(id)).status).toBe(200);
    const gone = (await create({ prompt: 'x #vanish' })).body.id as string;
    expect((await retrieve(gone)).status).toBe(404);
    sora.fault = { status: 503, times: 1 };
    expect((await create({ prompt: 'x' })).status).toBe(503);
  });
});

describe('fake Kling', () => {
  let kling: FakeKling;
  const now = () => Math.floor(Date.now() / 1000);
  const jwt = (claims: Json, secret = 'sk-secret') => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
    return `Bearer ${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
  };
  const good = () => ({ authorization: jwt({ iss: 'ak', exp: now() + 1800, nbf: now() - 5 }) });
  const submit = (kind: string, body: unknown) =>
    call(`${kling.url}/v1/videos/${kind}`, 'POST', body, good());
  const query = (kind: string, id: string) =>
    call(`${kling.url}/v1/videos/${kind}/${id}`, 'GET', undefined, good());

  beforeAll(async () => {
    kling = await startFakeKling({
      accessKey: 'ak',
      secretKey: 'sk-secret',
      relayKey: 'sk-relay',
      slowMs: 50,
    });
  });
  afterAll(() => kling.close());

  it('verifies the JWT with Kling’s codes', async () => {
    const url = `${kling.url}/v1/videos/text2video`;
    const codeOf = async (authorization?: string) =>
      (await call(url, 'POST', { prompt: 'x' }, authorization ? { authorization } : {})).body.code;
    expect(await codeOf()).toBe(1001);
    expect(await codeOf(jwt({ iss: 'ak', exp: now() + 60 }, 'wrong'))).toBe(1002);
    expect(await codeOf(jwt({ iss: 'other', exp: now() + 60 }))).toBe(1002);
    expect(await codeOf(jwt({ iss: 'ak', exp: now() + 60, nbf: now() + 60 }))).toBe(1003);
    expect(await codeOf(jwt({ iss: 'ak', exp: now() - 1 }))).toBe(1004);
    expect(await codeOf(good().authorization)).toBe(0);
    const relayed = await call(
      `${kling.url}/kling/v1/videos/text2video`,
      'POST',
      { prompt: 'x' },
      { authorization: 'Bearer sk-relay' },
    );
    expect(relayed.body.code).toBe(0);
  });

  it('moves a task to succeed in Kling’s envelope and serves the video', async () => {
    const receiver = await startReceiver();
    try {
      const res = await submit('text2video', {
        prompt: 'rain',
        duration: '10',
        mode: 'pro',
        callback_url: receiver.url,
        external_task_id: 'ext-1',
      });
      expect(res.body).toMatchObject({
        code: 0,
        message: 'SUCCEED',
        data: { task_status: 'submitted', task_info: { external_task_id: 'ext-1' } },
      });
      expect(res.body.request_id).toEqual(expect.any(String));
      expect(dig(res.body, 'data', 'created_at')).toBeGreaterThan(1e12);
      const id = str(res.body, 'data', 'task_id');
      expect((await query('image2video', id)).body).toMatchObject({ code: 1203 });
      expect(str((await query('text2video', id)).body, 'data', 'task_status')).toBe('processing');
      const done = (await query('text2video', id)).body.data;
      expect(done).toMatchObject({
        task_status: 'succeed',
        final_unit_deduction: '7',
        task_result: { videos: [{ duration: '10' }] },
      });
      expect(await bytesOf(str(done, 'task_result', 'videos', 0, 'url'))).toEqual({
        type: 'video/mp4',
        bytes: MP4,
      });
      await kling.callbacksSent();
      expect(receiver.bodies.map((b) => b.task_status)).toEqual(['processing', 'succeed']);
    } finally {
      await receiver.close();
    }
  });

  it('refuses bad submits with a non-zero code and fails by marker', async () => {
    expect(await submit('image2video', { prompt: 'x' })).toMatchObject({
      status: 400,
      body: { code: 1201 },
    });
    expect((await submit('text2video', { prompt: 'x', duration: '7' })).body.code).toBe(1201);
    expect((await submit('text2video', { prompt: 'x #refuse' })).body.code).toBe(1301);
    const id = str((await submit('text2video', { prompt: 'x #fail' })).body, 'data', 'task_id');
    kling.advanceAll(2);
    expect((await query('text2video', id)).body.data).toMatchObject({
      task_status: 'failed',
      task_status_msg: expect.any(String),
    });
    kling.failQueriesWith429 = 1;
    expect((await query('text2video', id)).body).toMatchObject({ code: 1302 });
    const slow = (await submit('image2video', { image: 'https://x/y.png', prompt: 'x #slow' }))
      .body;
    expect(slow.code).toBe(0);
  });
});
