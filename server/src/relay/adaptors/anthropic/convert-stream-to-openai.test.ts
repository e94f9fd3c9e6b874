import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { emptyUsage } from '../../../billing/usage.js';
import type { StreamContext } from '../adaptor.js';
import { feedInPieces, fixture, jsonFixture, parseSse, stable } from '../test-support.js';
import { createConvertingTranslator } from '../translate/converting-translator.js';
import { createAnthropicStreamReader } from './convert-stream-to-openai.js';

const ctx = (includeUsage: boolean): StreamContext => ({
  model: 'claude-sonnet-4-5',
  includeUsage,
  promptTokens: 10,
});
const translate = (name: string, includeUsage: boolean, piece = 1 << 20): string =>
  feedInPieces(
    createConvertingTranslator(createAnthropicStreamReader, 'openai', ctx(includeUsage)),
    fixture(import.meta.url, name),
    piece,
  );

describe('Anthropic stream → OpenAI chunks', () => {
  it('converts the recorded tool-use stream (thinking, text, tool call deltas, usage)', () => {
    const chunks = parseSse(translate('stream-tools.sse', true)).map((e) => e.data);
    expect(stable(chunks)).toEqual(jsonFixture(import.meta.url, 'stream-tools.openai.json'));
  });

  it('gives the same output whatever the upstream chunk boundaries', () => {
    const whole = stable(parseSse(translate('stream-tools.sse', true)));
    for (const size of [1, 7, 64]) {
      expect(stable(parseSse(translate('stream-tools.sse', true, size)))).toEqual(whole);
    }
  });

  it('leaves the usage chunk out when the client did not ask, but still records usage', () => {
    const t = createConvertingTranslator(createAnthropicStreamReader, 'openai', ctx(false));
    const out = feedInPieces(t, fixture(import.meta.url, 'stream-text.sse'), 50);
    const data = parseSse(out).map((e) => e.data);
    expect(data.at(-1)).toBe('[DONE]');
    expect(out).not.toContain('"usage"');
    expect(t.usage()).toEqual({
      ...emptyUsage(),
      promptTokens: 12,
      cacheWriteTokens: 300,
      cacheWrite1hTokens: 300,
      completionTokens: 15,
    });
    expect(t.completionTokens()).toBeGreaterThan(3);
  });

  it('is consumed by the official openai client, tool call arguments assembled', async () => {
    const body = translate('stream-tools.sse', true);
    const client = new OpenAI({
      apiKey: 'sk-test',
      baseURL: 'http://gateway.test/v1',
      fetch: () =>
        Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } })),
    });
    const stream = client.chat.completions.stream({
      model: 'claude-sonnet-4-5',
      messages: [{ role: 'user', content: 'weather?' }],
      stream_options: { include_usage: true },
    });
    const final = await stream.finalChatCompletion();
    const message = final.choices[0].message;
    expect(message.content).toBe("Okay, let's check the weather for San Francisco, CA:");
    expect(message.tool_calls?.[0]).toMatchObject({
      id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
      function: { name: 'get_weather', arguments: '{"location": "San Francisco, CA"}' },
    });
    expect(final.choices[0].finish_reason).toBe('tool_calls');
    expect(final.usage?.prompt_tokens).toBe(1496);
  });

  it('turns an error event into an OpenAI error chunk and still ends the stream', () => {
    const sse =
      'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_x","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":5,"output_tokens":1}}}\n\n' +
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    const t = createConvertingTranslator(createAnthropicStreamReader, 'openai', ctx(false));
    const data = parseSse(t.push(sse) + t.end()).map((e) => e.data);
    expect(data).toContainEqual({
      error: { message: 'Overloaded', type: 'overloaded_error', param: null, code: null },
    });
    expect(data.at(-1)).toBe('[DONE]');
  });
});
