import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesOf, call, dig, str, type Json } from './fake-client.js';
import { MP3, startFakeSuno, type FakeSuno } from './index.js';

/** Self-test of the fake Suno-API: its state machine, codes, markers and files. */

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
