import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MP3,
  MP4,
  PNG,
  startFakeKling,
  startFakeMidjourney,
  startFakeOpenAIVideos,
  startFakeSuno,
  type FakeKling,
  type FakeMidjourney,
  type FakeOpenAIVideos,
  type FakeSuno,
} from './index.js';

/** Self-test of the fake upstreams: state machines, codes and knobs, with plain fetch. */

type Json = Record<string, unknown>;

/** The value at `path` inside parsed JSON (undefined when absent). */
function dig(value: unknown, ...path: Array<string | number>): unknown {
  let v = value;
  for (const key of path) {
    v =
      typeof v === 'object' && v !== null
        ? (v as Record<string | number, unknown>)[key]
        : undefined;
  }
  return v;
}

/** The string at `path` inside parsed JSON. */
const str = (value: unknown, ...path: Array<string | number>) => String(dig(value, ...path));

async function call(
  url: string,
  method = 'GET',
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json; text: string; type: string }> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Json = {};
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, text, type: res.headers.get('content-type') ?? '' };
}

async function bytesOf(url: string): Promise<{ type: string; bytes: Buffer }> {
  const res = await fetch(url);
  return {
    type: res.headers.get('content-type') ?? '',
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** A callback receiver: records the JSON bodies POSTed to it. */
async function startReceiver() {
  const bodies: Json[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += String(c)));
    req.on('end', () => {
      bodies.push(JSON.parse(text) as Json);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('fake Midjourney-Proxy', () => {
  let mj: FakeMidjourney;
  const secret = { 'mj-api-secret': 's3cret' };
  const submit = (route: string, body: unknown, prefix = '') =>
    call(`${mj.url}${prefix}/mj/submit/${route}`, 'POST', body, secret);
  const fetchTask = (id: string) => call(`${mj.url}/mj/task/${id}/fetch`, 'GET', undefined, secret);
  const imagine = async (prompt: string) => (await submit('imagine', { prompt })).body;
  /** Imagines and reads until SUCCESS. */
  const finished = async (prompt = 'a fox') => {
    const id = (await imagine(prompt)).result as string;
    mj.finish(id);
    return id;
  };

  beforeAll(async () => {
    mj = await startFakeMidjourney({ secret: 's3cret', slowMs: 50 });
  });
  afterAll(() => mj.close());

  it('checks mj-api-secret and records the speed mode', async () => {
    const refused = await call(`${mj.url}/mj/submit/imagine`, 'POST', { prompt: 'x' });
    expect(refused).toMatchObject({ status: 401, text: '' });
    const relaxed = await submit('imagine', { prompt: 'a calm sea' }, '/mj-relax');
    expect(relaxed.body).toMatchObject({ code: 1, description: '提交成功' });
    expect(relaxed.body.result).toMatch(/^\d{16}$/);
    expect(mj.requests.at(-1)).toMatchObject({ mode: 'relax', body: { prompt: 'a calm sea' } });
    expect(mj.tasks.get(relaxed.body.result as string)!.mode).toBe('RELAX');
    const byFilter = await submit('imagine', { prompt: 'x', accountFilter: { modes: ['TURBO'] } });
    expect(mj.tasks.get(byFilter.body.result as string)!.mode).toBe('TURBO');
    const byFlag = await imagine('a lake --fast');
    expect(mj.tasks.get(byFlag.result as string)!.mode).toBe('FAST');
    expect(mj.requests.at(-1)!.mode).toBeNull();
  });

  it('moves an imagine one stage per read to success with image and buttons', async () => {
    const id = (await imagine('a red fox')).result as string;
    expect(mj.tasks.get(id)).toMatchObject({ status: 'NOT_START', progress: '0%' });
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      const t = (await fetchTask(id)).body;
      seen.push(`${t.status} ${t.progress}`);
    }
    expect(seen).toEqual([
      'SUBMITTED 0%',
      'IN_PROGRESS 0%',
      'IN_PROGRESS 25%',
      'IN_PROGRESS 50%',
      'IN_PROGRESS 75%',
      'SUCCESS 100%',
    ]);
    const done = (await fetchTask(id)).body;
    expect(done).toMatchObject({ id, action: 'IMAGINE', description: '/imagine a red fox' });
    expect(done.finishTime).toBeGreaterThan(1e12);
    expect(done.submitTime).toBeGreaterThan(1e12);
    expect(done).not.toHaveProperty('meta');
    const hash = mj.tasks.get(id)!.meta.hash;
    expect(done.buttons).toContainEqual(
      expect.objectContaining({ customId: `MJ::JOB::upsample::1::${hash}`, label: 'U1' }),
    );
    const image = await bytesOf(done.imageUrl as string);
    expect(image).toEqual({ type: 'image/png', bytes: PNG });
    expect((await fetchTask('1234567890123456')).status).toBe(404);
  });

  it('answers the submit codes the markers ask for', async () => {
    expect(await imagine('x #banned')).toMatchObject({
      code: 24,
      result: null,
      properties: { promptEn: 'x #banned', bannedWord: 'nsfw' },
    });
    expect(await imagine('x #noinstance')).toMatchObject({ code: 3, result: null });
    expect(await imagine('x #refuse')).toMatchObject({ code: 4 });
    expect(await imagine('')).toMatchObject({ code: 4, description: 'prompt不能为空' });
    const full = await imagine('x #queuefull');
    expect(full.code).toBe(23);
    expect(mj.tasks.has(full.result as string)).toBe(false);
    const queued = await imagine('x #queue');
    expect(queued).toMatchObject({ code: 22, properties: { numberOfQueues: expect.any(Number) } });
    expect(mj.tasks.has(queued.result as string)).toBe(true);
    const dup = await imagine('x #dup');
    expect(dup).toMatchObject({ code: 21, properties: { status: 'SUCCESS' } });
    expect(str(dup, 'properties', 'imageUrl')).toContain(`/files/${str(dup, 'result')}.png`);
  });

  it('fails late, never ends, vanishes or reads an unknown status by marker', async () => {
    const failing = (await imagine('x #fail')).result as string;
    const states: string[] = [];
    for (let i = 0; i < 5; i++) states.push((await fetchTask(failing)).body.status as string);
    expect(states).toEqual(['SUBMITTED', 'IN_PROGRESS', 'IN_PROGRESS', 'FAILURE', 'FAILURE']);
    expect((await fetchTask(failing)).body).toMatchObject({
      progress: '',
      failReason: expect.any(String),
    });

    const never = (await imagine('x #never')).result as string;
    mj.advanceAll(20);
    expect((await fetchTask(never)).body).toMatchObject({ status: 'IN_PROGRESS', progress: '75%' });

    const gone = (await imagine('x #vanish')).result as string;
    const list = await call(
      `${mj.url}/mj/task/list-by-condition`,
      'POST',
      { ids: [gone, never, 'nope'] },
      secret,
    );
    expect(list.body).toHaveLength(1);
    expect((await fetchTask(gone)).status).toBe(404);

    const odd = (await imagine('x #unknown')).result as string;
    await fetchTask(odd);
    expect((await fetchTask(odd)).body.status).toBe('UNKNOWN');
  });

  it('serves blend, describe, shorten, upload, swap and video', async () => {
    const img = 'data:image/png;base64,AAAA';
    expect((await submit('blend', { base64Array: [img] })).body.code).toBe(4);
    expect((await submit('blend', { base64Array: [img, img] })).body.code).toBe(1);
    const described = (await submit('describe', { base64: img })).body.result as string;
    mj.finish(described);
    const prompts = str((await fetchTask(described)).body, 'properties', 'finalPrompt').split(
      '\n\n',
    );
    expect(prompts).toHaveLength(4);
    expect(prompts[0]).toMatch(/^1️⃣/);
    const shortened = (await submit('shorten', { prompt: 'a very long prompt about foxes' })).body;
    expect(shortened.code).toBe(1);
    const upload = (await submit('upload-discord-images', { base64Array: [img, img] })).body;
    expect(upload).toMatchObject({ code: 1 });
    expect(upload.result).toHaveLength(2);
    expect(str(upload, 'result', 0)).toContain('/files/upload-0.png');
    const swap = await call(
      `${mj.url}/mj/insight-face/swap`,
      'POST',
      { sourceUrl: 'a', targetUrl: 'b' },
      secret,
    );
    expect(swap.body.code).toBe(1);
    expect((await submit('video', { prompt: 'move' })).body.code).toBe(4);
    const video = (await submit('video', { image: img, prompt: 'move', batchSize: 2 })).body
      .result as string;
    mj.finish(video);
    const done = (await fetchTask(video)).body;
    expect(done.videoUrls).toHaveLength(2);
    expect((await bytesOf(done.videoUrl as string)).type).toBe('video/mp4');
  });

  it('applies the related-task rules to actions, changes, modal and cancel', async () => {
    const running = (await imagine('a hill')).result as string;
    const early = await submit('action', { taskId: running, customId: 'MJ::JOB::upsample::1::h' });
    expect(early).toMatchObject({
      status: 200,
      body: { code: 4, description: '关联任务状态错误' },
    });
    const missing = await submit('action', { taskId: '999', customId: 'MJ::JOB::upsample::1::h' });
    expect(missing).toMatchObject({ status: 404, body: { code: 3 } });
    expect((await submit('action', { taskId: running, customId: 'MJ::Nope' })).body.code).toBe(4);

    const parent = await finished('a hill');
    const hash = mj.tasks.get(parent)!.meta.hash;
    const up = (
      await submit('action', { taskId: parent, customId: `MJ::JOB::upsample::2::${hash}` })
    ).body;
    expect(up).toMatchObject({ code: 1 });
    expect(mj.tasks.get(up.result as string)).toMatchObject({
      action: 'UPSCALE',
      description: `/up ${parent} U2`,
    });
    const again = (await submit('simple-change', { content: `${parent} U2` })).body;
    expect(again).toMatchObject({
      code: 21,
      result: up.result,
      properties: { status: 'NOT_START' },
    });
    expect(
      (await submit('change', { taskId: parent, action: 'VARIATION', index: 3 })).body.code,
    ).toBe(1);
    expect((await submit('change', { taskId: parent, action: 'UPSCALE' })).body.code).toBe(4);

    const region = (
      await submit('action', { taskId: parent, customId: `MJ::Inpaint::1::${hash}::SOLO` })
    ).body;
    expect(region).toMatchObject({ code: 21, properties: { remix: true } });
    const waiting = region.result as string;
    expect((await fetchTask(waiting)).body.status).toBe('MODAL');
    const confirmed = (
      await submit('modal', { taskId: waiting, prompt: 'add a boat', maskBase64: 'AAAA' })
    ).body;
    expect(confirmed).toMatchObject({ code: 1, result: waiting });
    expect(mj.tasks.get(waiting)).toMatchObject({ status: 'SUBMITTED', prompt: 'add a boat' });
    expect((await submit('modal', { taskId: waiting })).body.code).toBe(4);

    const cancelled = await call(`${mj.url}/mj/task/${waiting}/cancel`, 'POST', {}, secret);
    expect(cancelled.body.code).toBe(1);
    expect((await fetchTask(waiting)).body.status).toBe('CANCEL');
    const seed = await call(`${mj.url}/mj/task/${parent}/image-seed`, 'GET', undefined, secret);
    expect(seed.body).toMatchObject({ code: 1, result: expect.stringMatching(/^\d+$/) });
  });

  it('POSTs the task to its notifyHook on every change, in order', async () => {
    const receiver = await startReceiver();
    try {
      const id = (await submit('imagine', { prompt: 'a bell', notifyHook: receiver.url })).body
        .result as string;
      await fetchTask(id);
      await fetchTask(id);
      mj.finish(id);
      await mj.callbacksSent();
      expect(receiver.bodies.map((b) => `${b.status} ${b.progress}`)).toEqual([
        'SUBMITTED 0%',
        'IN_PROGRESS 0%',
        'SUCCESS 100%',
      ]);
      expect(receiver.bodies[2]).toMatchObject({ id, imageUrl: expect.stringContaining(id) });
      expect(mj.callbacks.map((c) => c.status)).toEqual([200, 200, 200]);
    } finally {
      await receiver.close();
    }
  });

  it('obeys fault, failQueriesWith429, #slow and the test hooks', async () => {
    mj.fault = { status: 502, times: 1 };
    expect((await imagine('x')).status).toBe(502);
    expect((await submit('imagine', { prompt: 'x' })).status).toBe(200);
    mj.fault = { status: 500, body: '' };
    expect((await submit('imagine', { prompt: 'x' })).text).toBe('');
    expect((await submit('imagine', { prompt: 'x' })).status).toBe(500);
    mj.fault = null;
    const id = (await imagine('x')).result as string;
    mj.failQueriesWith429 = 1;
    expect((await fetchTask(id)).status).toBe(429);
    expect((await fetchTask(id)).status).toBe(200);
    const started = Date.now();
    expect((await imagine('x #slow')).code).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    mj.fail(id, 'broken');
    expect(mj.tasks.get(id)).toMatchObject({
      status: 'FAILURE',
      failReason: 'broken',
      progress: '',
    });
    expect(() => mj.finish('nope')).toThrow();
  });
});

describe('fake Suno-API', () => {
  let suno: FakeSuno;
  const auth = { authorization: 'Bearer tok' };
  const submit = (action: string, body: unknown) =>
    call(`${suno.url}/suno/submit/${action}`, 'POST', body, auth);
  const fetchMany = (ids: unknown) => call(`${suno.url}/suno/fetch`, 'POST', { ids }, auth);

  beforeAll(async () => {
    suno = await startFakeSuno({ token: 'tok', slowMs: 50 });
  });
  afterAll(() => suno.close());

  it('takes songs with a bearer token and moves their clips to complete', async () => {
    const refused = await call(`${suno.url}/suno/fetch`, 'POST', { ids: [] });
    expect(refused).toMatchObject({ status: 401, body: { code: 'invalid_request', data: null } });
    const res = await submit('MUSIC', {
      gpt_description_prompt: 'a song about the sea',
      mv: 'chirp-v3-5',
    });
    expect(res.body).toMatchObject({ code: 'success', message: '' });
    const id = res.body.data as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const [task] = (await fetchMany([id, 'nope'])).body.data as Json[];
      seen.push(
        `${str(task, 'status')} ${str(task, 'data', 0, 'status')} ${str(task, 'data', 1, 'status')}`,
      );
    }
    expect(seen).toEqual([
      'SUBMITTED submitted submitted',
      'QUEUED queued queued',
      'IN_PROGRESS streaming streaming',
      'SUCCESS complete complete',
    ]);
    const [task] = (await fetchMany([id])).body.data as Json[];
    expect(task).toMatchObject({ task_id: id, action: 'MUSIC', fail_reason: '' });
    expect(task!.finish_time).toBeGreaterThan(1_600_000_000);
    expect(task!.finish_time).toBeLessThan(1e11);
    const clip = dig(task, 'data', 0) as Json;
    expect(dig(clip, 'metadata', 'duration')).toBeGreaterThan(0);
    expect(clip.video_url).toContain('.mp4');
    expect(await bytesOf(clip.audio_url as string)).toEqual({ type: 'audio/mpeg', bytes: MP3 });
    const one = await call(`${suno.url}/suno/fetch/${id}`, 'GET', undefined, auth);
    expect(one.body).toMatchObject({ code: 'success', data: [{ status: 'complete' }, {}] });
    expect((await call(`${suno.url}/suno/fetch/nope`, 'GET', undefined, auth)).status).toBe(400);
  });

  it('writes lyrics at once and refuses bad submits in its envelope', async () => {
    const lyrics = await submit('lyrics', { prompt: 'morning coffee' });
    const [task] = (await fetchMany([lyrics.body.data])).body.data as Json[];
    expect(task).toMatchObject({
      action: 'LYRICS',
      status: 'SUCCESS',
      data: { id: lyrics.body.data, status: 'complete', text: expect.stringContaining('coffee') },
    });
    expect(await submit('lyrics', {})).toMatchObject({
      status: 400,
      body: { code: 'invalid_request', data: null },
    });
    expect((await submit('dance', { prompt: 'x' })).status).toBe(400);
    expect((await submit('music', { prompt: 'x #refuse' })).body.message).toContain(
      'prompt is invalid',
    );
    expect((await fetchMany('x')).status).toBe(400);
  });

  it('fails, reads UNKNOWN, vanishes by marker and obeys the knobs', async () => {
    const failing = (await submit('music', { prompt: 'x #fail' })).body.data as string;
    suno.advanceAll(3);
    const [failed] = (await fetchMany([failing])).body.data as Json[];
    expect(failed).toMatchObject({
      status: 'FAILURE',
      fail_reason: 'The song could not be generated',
    });
    expect(dig(failed, 'data', 0)).toMatchObject({
      status: 'error',
      metadata: { error_message: failed!.fail_reason },
    });
    const odd = (await submit('music', { prompt: 'x #unknown' })).body.data as string;
    await fetchMany([odd]);
    expect(((await fetchMany([odd])).body.data as Json[])[0]!.status).toBe('UNKNOWN');
    const gone = (await submit('music', { prompt: 'x #vanish' })).body.data as string;
    expect((await fetchMany([gone])).body.data).toEqual([]);
    suno.fault = { status: 500, times: 1 };
    expect(await submit('music', { prompt: 'x' })).toMatchObject({
      status: 500,
      body: { code: 'internal_error' },
    });
    suno.failQueriesWith429 = true;
    expect((await fetchMany([odd])).status).toBe(429);
    suno.failQueriesWith429 = false;
    const id = (await submit('music', { prompt: 'x #slow' })).body.data as string;
    suno.finish(id);
    expect(suno.tasks.get(id)!.status).toBe('SUCCESS');
  });
});

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
