import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_SPEECH } from '../fake-upstream/index.js';
import { testDb } from '../helpers/test-context.js';
import { balancesOf, consumedQuota, logsOf } from './relay-fixture.js';
import { sseEvents, startRelayTest, type RelayTest } from './relay-setup.js';

const chat = (extra: Record<string, unknown> = {}) => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'Hello there' }],
  ...extra,
});

function multipart(fields: Record<string, string>, file: Buffer): { body: Buffer; type: string } {
  const boundary = '----relaytest7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

describe(`relay routes on ${testDb}`, () => {
  let r: RelayTest;
  beforeAll(async () => {
    r = await startRelayTest();
    await r.channel({
      type: 8,
      models: [
        'gpt-4o-mini',
        'text-embedding-3-small',
        'dall-e-3',
        'tts-1',
        'whisper-1',
        'omni-moderation-latest',
        'rerank-english-v3.0',
      ],
    });
    await r.channel({ type: 14, models: ['claude-sonnet-4-5'] });
    await r.channel({ type: 24, models: ['gemini-2.5-flash'] });
  });
  afterAll(() => r.cleanup());

  it('relays a chat completion and bills it by the upstream usage', async () => {
    const res = await r.post('/v1/chat/completions', chat());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.choices[0].message.content).toBe('Hello from the fake upstream.');
    expect(body.usage.prompt_tokens).toBe(11);
    const logs = await logsOf(r.ctx, r.userId);
    const log = logs.at(-1)!;
    // gpt-4o-mini: 0.075 × (11 + 5 × 4) = 2.325 → 2
    expect(log).toMatchObject({ type: 2, quota: 2, prompt_tokens: 11, completion_tokens: 5 });
    expect(log.request_id).toBe(res.headers['x-oneapi-request-id']);
    const other = JSON.parse(log.other);
    expect(other).toMatchObject({ model_ratio: 0.075, completion_ratio: 4, group_ratio: 1 });
    expect(log.content).toContain('= 2');
    expect(other).not.toHaveProperty('formula');
  });

  it('puts the request id and the version on every answer, errors and unknown paths too', async () => {
    const answers = [
      await r.post('/v1/chat/completions', chat()),
      await r.post('/v1/chat/completions', chat({ stream: true })),
      await r.post('/v1/audio/speech', { model: 'tts-1', input: 'Hi', voice: 'alloy' }),
      await r.post('/v1/chat/completions', chat({ model: 'no-such-model' })),
      await r.post('/v1/chat/completions', chat(), { authorization: 'Bearer sk-wrong' }),
      await r.app.inject({ method: 'GET', url: '/api/status' }),
      await r.app.inject({ method: 'GET', url: '/api/no/such/path' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 404, 401, 200, 404]);
    const ids = answers.map((res) => res.headers['x-oneapi-request-id']);
    for (const res of answers) {
      expect(res.headers['x-new-api-version']).toMatch(/\S/);
      expect(res.headers['x-oneapi-request-id']).toMatch(/^[0-9a-z]{9}[\w-]{8}$/);
    }
    expect(new Set(ids).size).toBe(answers.length);
  });

  it('streams a chat completion and keeps the usage chunk only when asked for', async () => {
    const withUsage = await r.post(
      '/v1/chat/completions',
      chat({ stream: true, stream_options: { include_usage: true } }),
    );
    expect(withUsage.statusCode).toBe(200);
    expect(withUsage.headers['content-type']).toContain('text/event-stream');
    const events = sseEvents(withUsage.body);
    expect(events.at(-1)?.data).toBe('[DONE]');
    expect(events.some((e) => (e.data as { usage?: unknown }).usage)).toBe(true);

    const without = await r.post('/v1/chat/completions', chat({ stream: true }));
    const plain = sseEvents(without.body);
    expect(plain.filter((e) => (e.data as { usage?: unknown }).usage).length).toBe(0);
    const text = plain
      .map(
        (e) =>
          (e.data as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]?.delta
            ?.content ?? '',
      )
      .join('');
    expect(text).toBe('Hello from the fake upstream.');
    // The upstream was asked for usage anyway, so the bill uses real numbers.
    expect(r.up.requests.at(-1)?.json).toMatchObject({ stream_options: { include_usage: true } });
    const log = (await logsOf(r.ctx, r.userId)).at(-1)!;
    expect(log).toMatchObject({ is_stream: 1, prompt_tokens: 11, completion_tokens: 5 });
  });

  it('relays completions, embeddings, moderations and responses', async () => {
    const completion = await r.post('/v1/completions', { model: 'gpt-4o-mini', prompt: 'Say hi' });
    expect(completion.statusCode).toBe(200);
    expect(completion.json().choices[0].text).toBe('Hello from the fake upstream.');

    const embedding = await r.post('/v1/embeddings', {
      model: 'text-embedding-3-small',
      input: ['a', 'b'],
    });
    expect(embedding.statusCode).toBe(200);
    expect(embedding.json().data).toHaveLength(2);

    const moderation = await r.post('/v1/moderations', {
      model: 'omni-moderation-latest',
      input: 'x',
    });
    expect(moderation.statusCode).toBe(200);
    expect(moderation.json().results[0].flagged).toBe(false);

    const response = await r.post('/v1/responses', { model: 'gpt-4o-mini', input: 'Hi' });
    expect(response.statusCode).toBe(200);
    expect(response.json().output[0].content[0].text).toBe('Hello from the fake upstream.');

    const streamed = await r.post('/v1/responses', {
      model: 'gpt-4o-mini',
      input: 'Hi',
      stream: true,
    });
    expect(streamed.statusCode).toBe(200);
    expect(sseEvents(streamed.body).at(-1)?.event).toBe('response.completed');

    const logs = await logsOf(r.ctx, r.userId);
    const byModel = (m: string) => logs.filter((l) => l.model_name === m);
    // text-embedding-3-small: 0.01 × 11 = 0.11 → at least 1
    expect(byModel('text-embedding-3-small').at(-1)?.quota).toBe(1);
    // moderation is free
    expect(byModel('omni-moderation-latest').at(-1)?.quota).toBe(0);
  });

  it('prices images per call and per image', async () => {
    const res = await r.post('/v1/images/generations', {
      model: 'dall-e-3',
      prompt: 'a cat',
      n: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(2);
    const log = (await logsOf(r.ctx, r.userId)).at(-1)!;
    // $0.04 × 500000 × 2 images
    expect(log.quota).toBe(40000);
  });

  it('passes speech audio through and bills the input characters', async () => {
    const res = await r.post('/v1/audio/speech', {
      model: 'tts-1',
      input: 'hello world',
      voice: 'alloy',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.equals(FAKE_SPEECH)).toBe(true);
    // tts-1 ratio 7.5 × 11 characters = 82.5 → 83
    expect((await logsOf(r.ctx, r.userId)).at(-1)?.quota).toBe(83);
  });

  it('passes a multipart transcription through byte for byte and bills its duration', async () => {
    const audio = Buffer.from([1, 2, 3, 0, 255, 13, 10, 45, 45]);
    const { body, type } = multipart({ model: 'whisper-1', language: 'en' }, audio);
    const res = await r.app.inject({
      method: 'POST',
      url: '/v1/audio/transcriptions',
      headers: { authorization: `Bearer ${r.key}`, 'content-type': type },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().text).toBe('Hello from the fake upstream.');
    expect(r.up.requests.at(-1)?.body.equals(body)).toBe(true);
    // 3 s of audio ≈ 50 tokens; whisper-1 ratio 3 → 150
    expect((await logsOf(r.ctx, r.userId)).at(-1)?.quota).toBe(150);
  });

  it('relays rerank', async () => {
    const res = await r.post('/v1/rerank', {
      model: 'rerank-english-v3.0',
      query: 'q',
      documents: ['a', 'b'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toHaveLength(2);
    expect((await logsOf(r.ctx, r.userId)).at(-1)?.quota).toBe(1000);
  });

  it('serves Anthropic Messages from a Claude channel, plain and streamed', async () => {
    const headers = { 'x-api-key': r.key, 'anthropic-version': '2023-06-01' };
    const body = {
      model: 'claude-sonnet-4-5',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Hi' }],
    };
    const res = await r.post('/v1/messages', body, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'message', content: [{ type: 'text' }] });
    const streamed = await r.post('/v1/messages', { ...body, stream: true }, headers);
    expect(sseEvents(streamed.body).map((e) => e.event)).toContain('message_stop');
  });

  it('serves Gemini generateContent and streamGenerateContent', async () => {
    const body = { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] };
    const res = await r.post(
      `/v1beta/models/gemini-2.5-flash:generateContent?key=${r.key}`,
      body,
      {},
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().candidates[0].content.parts[0].text).toBe('Hello from the fake upstream.');
    const streamed = await r.post(
      '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      body,
      {
        'x-goog-api-key': r.key,
      },
    );
    expect(streamed.statusCode).toBe(200);
    expect(sseEvents(streamed.body).length).toBeGreaterThan(1);
    const unsupported = await r.post(
      `/v1beta/models/gemini-2.5-flash:embedContent?key=${r.key}`,
      body,
      {},
    );
    expect(unsupported.statusCode).toBe(501);
    expect(unsupported.json().error.status).toBe('UNIMPLEMENTED');
  });

  it('keeps balance moved equal to the sum of the logs', async () => {
    const b = await balancesOf(r.ctx, r.userId);
    expect(10_000_000 - b.quota).toBe(await consumedQuota(r.ctx, r.userId));
    expect(b.usedQuota).toBe(await consumedQuota(r.ctx, r.userId));
  });
});
