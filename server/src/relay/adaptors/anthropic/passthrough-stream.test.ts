import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { countTextTokens, TOKENS_PER_TOOL_CALL } from '../../../billing/tokenizer.js';
import { emptyUsage } from '../../../billing/usage.js';
import { feedInPieces, fixture, outputUntilComplete } from '../test-support.js';
import { createAnthropicPassthroughTranslator } from './passthrough-stream.js';

describe('Anthropic pass-through', () => {
  it('forwards bytes unchanged and merges message_start and message_delta usage', () => {
    const sse = fixture(import.meta.url, 'stream-tools.sse');
    const t = createAnthropicPassthroughTranslator();
    expect(feedInPieces(t, sse, 5)).toBe(sse);
    expect(t.usage()).toEqual({
      ...emptyUsage(),
      promptTokens: 472,
      cachedTokens: 1024,
      completionTokens: 89,
    });
    const text = countTextTokens(
      'I need the weather tool.Okay, let\'s check the weather for San Francisco, CA:get_weather{"location": "San Francisco, CA"}',
    );
    expect(Math.abs(t.completionTokens() - text - TOKENS_PER_TOOL_CALL)).toBeLessThanOrEqual(3);
  });

  it('reports the answer complete with the push that forwards message_stop', () => {
    const sse = fixture(import.meta.url, 'stream-text.sse');
    for (const size of [5, 1 << 20]) {
      const out = outputUntilComplete(createAnthropicPassthroughTranslator(), sse, size);
      expect(out).toContain('event: message_stop');
      expect(out!.length).toBeLessThan(sse.indexOf('event: message_stop') + 60 + size);
    }
  });

  it('lets message_delta override input counts (newer API) and keeps the 1h cache split', () => {
    const sse = fixture(import.meta.url, 'stream-text.sse').replace(
      '"usage":{"output_tokens":15}',
      '"usage":{"input_tokens":20,"output_tokens":15}',
    );
    const t = createAnthropicPassthroughTranslator();
    feedInPieces(t, sse, 1 << 20);
    expect(t.usage()).toEqual({
      ...emptyUsage(),
      promptTokens: 20,
      cacheWriteTokens: 300,
      cacheWrite1hTokens: 300,
      completionTokens: 15,
    });
  });

  it('what it forwards is read by the official SDK', async () => {
    const body = feedInPieces(
      createAnthropicPassthroughTranslator(),
      fixture(import.meta.url, 'stream-text.sse'),
      3,
    );
    const client = new Anthropic({
      apiKey: 'k',
      baseURL: 'http://gateway.test',
      fetch: () =>
        Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } })),
    });
    const message = await client.messages
      .stream({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(message.content).toEqual([{ type: 'text', text: 'Hello, world! 👋' }]);
  });
});
