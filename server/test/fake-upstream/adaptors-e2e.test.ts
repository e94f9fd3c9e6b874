/**
 * The adaptors end to end against the fake upstream over real HTTP: every client format ×
 * every upstream kind, JSON and stream, text and tool calls, exactly as the relay calls them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Usage } from '../../src/billing/usage.js';
import type { Adaptor, ChannelConfig, ClientFormat } from '../../src/relay/adaptors/adaptor.js';
import type {
  AnthropicMessageResponse,
  AnthropicStreamEvent,
} from '../../src/relay/adaptors/anthropic/types.js';
import type { GeminiResponse } from '../../src/relay/adaptors/gemini/types.js';
import type {
  OpenAIChatChunk,
  OpenAIChatCompletion,
} from '../../src/relay/adaptors/openai/types.js';
import { adaptorFor } from '../../src/relay/adaptors/registry.js';
import { createSseParser } from '../../src/relay/stream/sse-parser.js';
import { startFakeUpstream, type FakeUpstream } from './server.js';

let up: FakeUpstream;
beforeAll(async () => {
  up = await startFakeUpstream();
});
afterAll(() => up.close());
beforeEach(() => up.reset());

const TEXT = 'Hello from the fake upstream.';
const UPSTREAMS = [
  { kind: 'openai', type: 8, other: '' },
  { kind: 'azure', type: 3, other: '2024-10-21' },
  { kind: 'anthropic', type: 14, other: '' },
  { kind: 'gemini', type: 24, other: '' },
] as const;
const FORMATS: ClientFormat[] = ['openai', 'anthropic', 'gemini'];

function clientBody(format: ClientFormat, stream: boolean): unknown {
  if (format === 'anthropic')
    return {
      model: 'client-model',
      max_tokens: 100,
      stream,
      messages: [{ role: 'user', content: 'hi' }],
    };
  if (format === 'gemini') return { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
  return {
    model: 'client-model',
    messages: [{ role: 'user', content: 'hi' }],
    stream,
    ...(stream && { stream_options: { include_usage: true } }),
  };
}

async function call(
  adaptor: Adaptor,
  format: ClientFormat,
  stream: boolean,
  channel: ChannelConfig,
): Promise<Response> {
  const req = adaptor.buildRequest({
    format,
    body: clientBody(format, stream),
    model: 'upstream-model',
    stream,
    channel,
  });
  return fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
}

interface Answer {
  text: string;
  tool?: { name: string; args: unknown };
}

/** Reads text and tool call out of a client-format JSON answer. */
function readJson(format: ClientFormat, body: unknown): Answer {
  if (format === 'openai') {
    const m = (body as OpenAIChatCompletion).choices[0].message;
    const fn = m.tool_calls?.[0]?.function;
    return {
      text: m.content ?? '',
      ...(fn && { tool: { name: fn.name, args: JSON.parse(fn.arguments) as unknown } }),
    };
  }
  if (format === 'anthropic') {
    let text = '';
    let tool: Answer['tool'];
    for (const c of (body as AnthropicMessageResponse).content) {
      if (c.type === 'text') text += c.text;
      if (c.type === 'tool_use') tool = { name: c.name, args: c.input };
    }
    return { text, ...(tool && { tool }) };
  }
  const parts = (body as GeminiResponse).candidates?.[0].content?.parts ?? [];
  const fc = parts.find((p) => p.functionCall)?.functionCall;
  return {
    text: parts.map((p) => p.text ?? '').join(''),
    ...(fc && { tool: { name: fc.name, args: fc.args } }),
  };
}

/** Reads text and tool call out of a client-format SSE body. */
function readSse(format: ClientFormat, sse: string): Answer {
  let text = '';
  let args = '';
  let name = '';
  let geminiArgs: unknown;
  const parser = createSseParser((_event, data) => {
    if (data === '[DONE]') return;
    if (format === 'openai') {
      const delta = (JSON.parse(data) as OpenAIChatChunk).choices[0]?.delta ?? {};
      text += delta.content ?? '';
      for (const tc of delta.tool_calls ?? []) {
        name ||= tc.function?.name ?? '';
        args += tc.function?.arguments ?? '';
      }
    } else if (format === 'anthropic') {
      const e = JSON.parse(data) as AnthropicStreamEvent;
      if (e.type === 'content_block_start' && e.content_block.type === 'tool_use')
        name = e.content_block.name;
      if (e.type === 'content_block_delta' && e.delta.type === 'text_delta') text += e.delta.text;
      if (e.type === 'content_block_delta' && e.delta.type === 'input_json_delta')
        args += e.delta.partial_json;
    } else {
      for (const p of (JSON.parse(data) as GeminiResponse).candidates?.[0].content?.parts ?? []) {
        text += p.text ?? '';
        if (p.functionCall) [name, geminiArgs] = [p.functionCall.name, p.functionCall.args];
      }
    }
  });
  parser.push(sse);
  parser.end();
  if (!name) return { text };
  return { text, tool: { name, args: geminiArgs ?? (JSON.parse(args) as unknown) } };
}

const expectedUsage = (completion: number): Partial<Usage> => ({
  promptTokens: 11,
  cachedTokens: 0,
  completionTokens: completion,
});

describe.each(UPSTREAMS)('$kind upstream', ({ type, other }) => {
  const adaptor = adaptorFor(type)!;
  const channel = (): ChannelConfig => ({
    baseUrl: up.url,
    key: 'sk-upstream',
    other,
    setting: {},
  });

  describe.each(FORMATS)('%s client', (format) => {
    it.each([
      ['text', {}],
      ['tool call', { toolCall: { name: 'get_weather', arguments: { city: 'Paris' } } }],
    ] as const)('JSON %s', async (_name, behaviour) => {
      up.setBehaviour(behaviour);
      const res = await call(adaptor, format, false, channel());
      expect(res.status).toBe(200);
      const parsed = adaptor.parseResponse(format, await res.json(), { model: 'client-model' });
      const answer = readJson(format, parsed.body);
      if ('toolCall' in behaviour)
        expect(answer.tool).toEqual({ name: 'get_weather', args: { city: 'Paris' } });
      else expect(answer.text).toBe(TEXT);
      expect(parsed.usage).toMatchObject(expectedUsage(5));
      expect(up.requests).toHaveLength(1);
    });

    it.each([
      ['text', {}],
      ['tool call', { toolCall: { name: 'get_weather', arguments: { city: 'Paris' } } }],
    ] as const)('stream %s', async (_name, behaviour) => {
      up.setBehaviour(behaviour);
      const res = await call(adaptor, format, true, channel());
      expect(res.status).toBe(200);
      const translator = adaptor.createStreamTranslator(format, {
        model: 'client-model',
        includeUsage: true,
        promptTokens: 11,
      });
      let out = '';
      for await (const chunk of res.body!) out += translator.push(Buffer.from(chunk as Uint8Array));
      out += translator.end();
      const answer = readSse(format, out);
      if ('toolCall' in behaviour)
        expect(answer.tool).toEqual({ name: 'get_weather', args: { city: 'Paris' } });
      else expect(answer.text).toBe(TEXT);
      expect(translator.usage()).toMatchObject(expectedUsage(5));
      expect(translator.completionTokens()).toBeGreaterThan(0);
    });
  });
});

describe('billing without upstream usage', () => {
  it('Azure with an old api-version: no stream usage, local count of the delivered text', async () => {
    const adaptor = adaptorFor(3)!;
    const res = await call(adaptor, 'openai', true, {
      baseUrl: up.url,
      key: 'k',
      other: '',
      setting: {},
    });
    expect(up.requests[0].json).not.toHaveProperty('stream_options');
    const t = adaptor.createStreamTranslator('openai', {
      model: 'm',
      includeUsage: true,
      promptTokens: 11,
    });
    let out = '';
    for await (const chunk of res.body!) out += t.push(Buffer.from(chunk as Uint8Array));
    out += t.end();
    expect(t.usage()).toBeNull();
    expect(t.completionTokens()).toBe(6); // "Hello from the fake upstream." in o200k
    expect(out).toContain('"usage":{"prompt_tokens":11,"completion_tokens":6,"total_tokens":17}');
  });

  it('a client that disconnects mid-stream: the upstream sees the abort, the count covers what was delivered', async () => {
    up.setBehaviour({ chunks: 200, chunkDelayMs: 5 });
    const adaptor = adaptorFor(14)!;
    const controller = new AbortController();
    const req = adaptor.buildRequest({
      format: 'openai',
      body: clientBody('openai', true),
      model: 'claude',
      stream: true,
      channel: { baseUrl: up.url, key: 'k', other: '', setting: {} },
    });
    const res = await fetch(req.url, {
      method: 'POST',
      headers: req.headers,
      body: req.body,
      signal: controller.signal,
    });
    const t = adaptor.createStreamTranslator('openai', {
      model: 'm',
      includeUsage: false,
      promptTokens: 11,
    });
    let delivered = '';
    try {
      for await (const chunk of res.body!) {
        delivered += t.push(Buffer.from(chunk as Uint8Array));
        if (delivered.split(' w').length > 20) controller.abort();
      }
    } catch {
      // The abort ends the loop.
    }
    for (let i = 0; i < 100 && !up.requests[0].aborted; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(up.requests[0].aborted).toBe(true);
    const pieces = readSse('openai', delivered).text.split(' w').length - 1;
    expect(pieces).toBeGreaterThanOrEqual(20);
    expect(pieces).toBeLessThan(200);
    expect(t.completionTokens()).toBeGreaterThanOrEqual(pieces);
    expect(t.completionTokens()).toBeLessThanOrEqual(pieces * 3);
  });
});
