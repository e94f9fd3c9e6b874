import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_SPEECH } from './openai-endpoints.js';
import { startFakeUpstream, type FakeUpstream } from './server.js';

let up: FakeUpstream;
beforeAll(async () => {
  up = await startFakeUpstream();
});
afterAll(() => up.close());
beforeEach(() => up.reset());

const post = (
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> =>
  fetch(up.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-up', ...headers },
    body: JSON.stringify(body),
  });

const dataEvents = (text: string): unknown[] =>
  text
    .split(/\r?\n\r?\n/)
    .filter((e) => e.includes('data: '))
    .map((e) => e.slice(e.indexOf('data: ') + 6))
    .map((d) => (d === '[DONE]' ? d : (JSON.parse(d) as unknown)));

describe('fake upstream: OpenAI', () => {
  it('answers chat JSON and logs the request with headers and body', async () => {
    const res = await post('/v1/chat/completions', {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      choices: { message: { content: string } }[];
      usage: { prompt_tokens: number };
    };
    expect(body.choices[0].message.content).toBe('Hello from the fake upstream.');
    expect(body.usage.prompt_tokens).toBe(11);
    expect(up.requests).toHaveLength(1);
    expect(up.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      aborted: false,
    });
    expect(up.requests[0].headers.authorization).toBe('Bearer sk-up');
    expect(up.requests[0].json).toMatchObject({ model: 'gpt-4o-mini' });
  });

  it('streams with the usage chunk only when include_usage is set, and ends with [DONE]', async () => {
    up.setBehaviour({ chunks: 3, usage: { promptTokens: 5, cachedTokens: 2 } });
    const withUsage = dataEvents(
      await (
        await post('/v1/chat/completions', {
          model: 'm',
          messages: [],
          stream: true,
          stream_options: { include_usage: true },
        })
      ).text(),
    );
    expect(withUsage).toHaveLength(7); // role, 3 pieces, finish, usage, [DONE]
    expect(withUsage[5]).toMatchObject({
      choices: [],
      usage: {
        prompt_tokens: 7,
        completion_tokens: 3,
        prompt_tokens_details: { cached_tokens: 2 },
      },
    });
    expect(withUsage[6]).toBe('[DONE]');
    const without = await (
      await post('/v1/chat/completions', { model: 'm', messages: [], stream: true })
    ).text();
    expect(without).not.toContain('"usage"');
    expect(dataEvents(without).at(-1)).toBe('[DONE]');
  });

  it('omits usage when told to, and echoes the request', async () => {
    up.setBehaviour({ omitUsage: true, echo: true });
    const body = (await (
      await post('/v1/chat/completions', {
        model: 'm',
        messages: [{ role: 'user', content: 'ping' }],
      })
    ).json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('usage');
    expect(JSON.stringify(body)).toContain('ping');
  });

  it('forces errors in the route format, for a number of times, or as raw HTML', async () => {
    up.setBehaviour({
      error: { status: 401, message: 'invalid api key', code: 'invalid_api_key', times: 1 },
    });
    const first = await post('/v1/chat/completions', { model: 'm', messages: [] });
    expect(first.status).toBe(401);
    expect(await first.json()).toEqual({
      error: {
        message: 'invalid api key',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
    expect((await post('/v1/chat/completions', { model: 'm', messages: [] })).status).toBe(200);
    up.setBehaviour({ error: { status: 429, message: 'Your credit balance is too low' } });
    const claude = await post('/v1/messages', { model: 'c', max_tokens: 5, messages: [] });
    expect(await claude.json()).toEqual({
      type: 'error',
      error: { type: 'api_error', message: 'Your credit balance is too low' },
    });
    const gemini = await post('/v1beta/models/gemini-2.5-flash:generateContent', { contents: [] });
    expect(await gemini.json()).toEqual({
      error: { code: 429, message: 'Your credit balance is too low', status: 'RESOURCE_EXHAUSTED' },
    });
    up.setBehaviour({ error: { status: 502, rawBody: '<html>Bad Gateway</html>' } });
    const html = await post('/v1/chat/completions', {});
    expect([html.status, await html.text()]).toEqual([502, '<html>Bad Gateway</html>']);
  });

  it('adds latency', async () => {
    up.setBehaviour({ latencyMs: 120 });
    const start = performance.now();
    await post('/v1/chat/completions', { model: 'm', messages: [] });
    expect(performance.now() - start).toBeGreaterThanOrEqual(110);
  });

  it('records a client that aborts a slow stream', async () => {
    up.setBehaviour({ chunks: 50, chunkDelayMs: 20 });
    const res = await post('/v1/chat/completions', { model: 'm', messages: [], stream: true });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    for (let i = 0; i < 50 && !up.requests[0].aborted; i++) await sleep(10);
    expect(up.requests[0].aborted).toBe(true);
  });

  it('serves the other OpenAI endpoints', async () => {
    const emb = (await (
      await post('/v1/embeddings', { model: 'e', input: ['a', 'b'] })
    ).json()) as { data: unknown[]; usage: unknown };
    expect(emb.data).toHaveLength(2);
    expect(emb.usage).toEqual({ prompt_tokens: 11, total_tokens: 11 });
    const img = (await (
      await post('/v1/images/generations', { model: 'dall-e-3', prompt: 'cat', n: 2 })
    ).json()) as { data: unknown[] };
    expect(img.data).toHaveLength(2);
    const speech = await post('/v1/audio/speech', { model: 'tts-1', input: 'hi', voice: 'alloy' });
    expect(speech.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await speech.arrayBuffer())).toEqual(FAKE_SPEECH);
    const form = new FormData();
    form.set('model', 'gpt-4o-transcribe');
    form.set('file', new Blob([Buffer.from('RIFF....WAVE')], { type: 'audio/wav' }), 'a.wav');
    const tr = (await (
      await fetch(`${up.url}/v1/audio/transcriptions`, { method: 'POST', body: form })
    ).json()) as { text: string; usage: { type: string } };
    expect(tr.text).toBe('Hello from the fake upstream.');
    expect(tr.usage.type).toBe('tokens');
    const mod = (await (await post('/v1/moderations', { input: 'x' })).json()) as {
      results: unknown[];
    };
    expect(mod.results).toHaveLength(1);
    const rr = (await (
      await post('/v1/rerank', { model: 'r', query: 'q', documents: ['a', 'b'] })
    ).json()) as { results: { index: number }[] };
    expect(rr.results.map((r) => r.index)).toEqual([0, 1]);
    const resp = (await (
      await post('/v1/responses', { model: 'gpt-4.1', input: 'hi' })
    ).json()) as { usage: { input_tokens: number } };
    expect(resp.usage.input_tokens).toBe(11);
    const stream = await (
      await post('/v1/responses', { model: 'gpt-4.1', input: 'hi', stream: true })
    ).text();
    expect(stream).toContain('event: response.completed');
    const completions = await (
      await post('/v1/completions', {
        model: 'i',
        prompt: 'x',
        stream: true,
        stream_options: { include_usage: true },
      })
    ).text();
    expect(dataEvents(completions).at(-2)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 11 },
    });
  });

  it('lists models and answers the billing endpoints, and 404s unknown paths', async () => {
    const models = (await (await fetch(`${up.url}/v1/models`)).json()) as {
      data: { id: string }[];
    };
    expect(models.data.map((m) => m.id)).toContain('gpt-4o-mini');
    const sub = (await (await fetch(`${up.url}/dashboard/billing/subscription`)).json()) as {
      hard_limit_usd: number;
    };
    expect(sub.hard_limit_usd).toBe(100);
    const usage = (await (
      await fetch(`${up.url}/v1/dashboard/billing/usage?start_date=2025-01-01&end_date=2025-02-01`)
    ).json()) as { total_usage: number };
    expect(usage.total_usage).toBe(1234.5);
    expect(up.requests.at(-1)?.query).toEqual({ start_date: '2025-01-01', end_date: '2025-02-01' });
    expect((await post('/v1/nope', {})).status).toBe(404);
  });

  it('serves the Azure deployment path with the deployment as model', async () => {
    const res = await post(
      '/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21',
      { messages: [] },
      { 'api-key': 'az' },
    );
    expect(((await res.json()) as { model: string }).model).toBe('gpt-4o');
    expect(up.requests[0].query['api-version']).toBe('2024-10-21');
    expect(up.requests[0].headers['api-key']).toBe('az');
  });
});

describe('fake upstream: Anthropic and Gemini', () => {
  it('Anthropic JSON carries cache usage; SSE follows the Messages event order', async () => {
    up.setBehaviour({
      usage: { promptTokens: 3, cachedTokens: 100, cacheWriteTokens: 50 },
      chunks: 2,
    });
    const json = (await (
      await post('/v1/messages', { model: 'c', max_tokens: 5, messages: [] })
    ).json()) as { usage: Record<string, unknown> };
    expect(json.usage).toMatchObject({
      input_tokens: 3,
      cache_read_input_tokens: 100,
      cache_creation_input_tokens: 50,
      output_tokens: 2,
    });
    const sse = await (
      await post('/v1/messages', { model: 'c', max_tokens: 5, messages: [], stream: true })
    ).text();
    const names = [...sse.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(names).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
  });

  it('Gemini JSON and CRLF SSE, with a tool call', async () => {
    up.setBehaviour({ toolCall: { name: 'get_weather', arguments: { city: 'Paris' } } });
    const json = (await (
      await post('/v1beta/models/gemini-2.5-flash:generateContent', { contents: [] })
    ).json()) as { candidates: { content: { parts: unknown[] } }[]; modelVersion: string };
    expect(json.candidates[0].content.parts).toEqual([
      { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
    ]);
    expect(json.modelVersion).toBe('gemini-2.5-flash');
    up.setBehaviour({ chunks: 2 });
    const sse = await (
      await post('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', { contents: [] })
    ).text();
    expect(sse.split('\r\n\r\n').filter(Boolean)).toHaveLength(2);
    expect(up.requests.at(-1)?.query).toEqual({ alt: 'sse' });
  });
});
