import { describe, expect, it } from 'vitest';
import type { StreamContext } from '../adaptor.js';
import { feedInPieces, fixture, jsonFixture, parseSse } from '../test-support.js';
import { createConvertingTranslator } from '../translate/converting-translator.js';
import { createOpenAIChunkReader } from '../translate/openai-chunk-reader.js';

const ctx: StreamContext = { model: 'gemini-via-gpt', includeUsage: false, promptTokens: 7 };

describe('OpenAI stream → Gemini chunks', () => {
  it('converts the recorded tool-call stream; calls are whole in the final chunk', () => {
    const t = createConvertingTranslator(createOpenAIChunkReader, 'gemini', ctx);
    const out = feedInPieces(t, fixture(import.meta.url, 'chat-stream-tools.sse'), 11);
    expect(out.split('\r\n\r\n')).toHaveLength(4); // three CRLF-terminated events
    expect(parseSse(out).map((e) => e.data)).toEqual(
      jsonFixture(import.meta.url, 'chat-stream-tools.gemini.json'),
    );
    expect(t.usage()?.cachedTokens).toBe(1024);
  });

  it('estimates usageMetadata from local counts when the upstream sent no usage', () => {
    const sse =
      'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"hello world"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
    const t = createConvertingTranslator(createOpenAIChunkReader, 'gemini', ctx);
    const events = parseSse(t.push(sse) + t.end()).map((e) => e.data as Record<string, unknown>);
    expect(events.at(-1)).toMatchObject({
      candidates: [{ finishReason: 'STOP', content: { parts: [{ text: '' }] } }],
      usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 2, totalTokenCount: 9 },
    });
  });

  it('renders an upstream error event in the Gemini error shape', () => {
    const t = createConvertingTranslator(createOpenAIChunkReader, 'gemini', ctx);
    const out =
      t.push('data: {"error":{"message":"boom","type":"server_error","code":null}}\n\n') + t.end();
    expect(parseSse(out)[0].data).toEqual({
      error: { code: 500, message: 'boom', status: 'INTERNAL' },
    });
  });
});
