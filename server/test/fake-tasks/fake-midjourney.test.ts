import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesOf, call, startReceiver, str } from './fake-client.js';
import { PNG, startFakeMidjourney, type FakeMidjourney } from './index.js';

/** Self-test of the fake Midjourney-Proxy: its state machine, codes, markers and callbacks. */

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
