import { describe, expect, it } from 'vitest';
import { emptyUsage } from '../../../billing/usage.js';
import type { StreamContext } from '../adaptor.js';
import { feedInPieces, fixture, jsonFixture, parseSse, stable } from '../test-support.js';
import { createConvertingTranslator } from '../translate/converting-translator.js';
import { createGeminiStreamReader } from './convert-stream-to-openai.js';

const ctx: StreamContext = { model: 'gpt-style-name', includeUsage: true, promptTokens: 1 };

describe('Gemini stream → OpenAI chunks', () => {
  it('converts the recorded CRLF stream (thoughts, text, final usage from the last chunk)', () => {
    const t = createConvertingTranslator(createGeminiStreamReader, 'openai', ctx);
    const out = feedInPieces(t, fixture(import.meta.url, 'stream-text.sse'), 13);
    expect(stable(parseSse(out).map((e) => e.data))).toEqual(
      jsonFixture(import.meta.url, 'stream-text.openai.json'),
    );
    expect(t.usage()).toEqual({
      ...emptyUsage(),
      promptTokens: 9,
      completionTokens: 33,
      reasoningTokens: 21,
    });
  });

  it('emits whole function calls with indexes and a tool_calls finish reason', () => {
    const t = createConvertingTranslator(createGeminiStreamReader, 'openai', {
      ...ctx,
      includeUsage: false,
    });
    const chunks = parseSse(feedInPieces(t, fixture(import.meta.url, 'stream-tools.sse'), 1 << 20));
    const first = chunks[0].data as {
      choices: { delta: { tool_calls: unknown[] }; finish_reason: string }[];
    };
    expect(first.choices[0].finish_reason).toBe('tool_calls');
    expect(stable(first.choices[0].delta.tool_calls)).toEqual([
      {
        index: 0,
        id: 'call_*',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"location":"Paris"}' },
      },
      { index: 1, id: 'call_*', type: 'function', function: { name: 'get_time', arguments: '{}' } },
    ]);
    expect(chunks.map((c) => c.data).at(-1)).toBe('[DONE]');
    expect(chunks).toHaveLength(2); // the usage chunk is left out: the client did not ask
  });

  it('is consumable by an Anthropic client stage too (Gemini upstream, Anthropic client)', () => {
    const t = createConvertingTranslator(createGeminiStreamReader, 'anthropic', ctx);
    const types = parseSse(feedInPieces(t, fixture(import.meta.url, 'stream-text.sse'), 50)).map(
      (e) => e.event,
    );
    expect(types).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
  });

  it('turns a Gemini error chunk into an OpenAI error event', () => {
    const t = createConvertingTranslator(createGeminiStreamReader, 'openai', ctx);
    const out =
      t.push(
        'data: {"error": {"code": 429, "message": "Resource exhausted", "status": "RESOURCE_EXHAUSTED"}}\r\n\r\n',
      ) + t.end();
    expect(parseSse(out)[0].data).toEqual({
      error: {
        message: 'Resource exhausted',
        type: 'rate_limit_error',
        param: null,
        code: 'RESOURCE_EXHAUSTED',
      },
    });
  });
});
