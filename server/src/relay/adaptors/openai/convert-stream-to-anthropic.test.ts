import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { countTextTokens } from '../../../billing/tokenizer.js';
import type { StreamContext } from '../adaptor.js';
import { feedInPieces, fixture, jsonFixture, parseSse } from '../test-support.js';
import { createConvertingTranslator } from '../translate/converting-translator.js';
import { createOpenAIChunkReader } from '../translate/openai-chunk-reader.js';

const ctx: StreamContext = { model: 'claude-via-gpt', includeUsage: false, promptTokens: 90 };
const translate = (sse: string, piece = 1 << 20): string =>
  feedInPieces(createConvertingTranslator(createOpenAIChunkReader, 'anthropic', ctx), sse, piece);
const tools = fixture(import.meta.url, 'chat-stream-tools.sse');

describe('OpenAI stream → Anthropic events', () => {
  it('converts the recorded tool-call stream into the Messages event sequence', () => {
    const events = parseSse(translate(tools));
    for (const e of events) expect(e.event).toBe((e.data as { type: string }).type);
    expect(events.map((e) => e.data)).toEqual(
      jsonFixture(import.meta.url, 'chat-stream-tools.anthropic.json'),
    );
  });

  it('gives the same events whatever the upstream chunk boundaries', () => {
    expect(translate(tools, 3)).toBe(translate(tools));
  });

  it('is consumed by the official @anthropic-ai/sdk client', async () => {
    const body = translate(tools);
    const client = new Anthropic({
      apiKey: 'sk-test',
      baseURL: 'http://gateway.test',
      fetch: () =>
        Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } })),
    });
    const stream = client.messages.stream({
      model: 'claude-via-gpt',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'weather?' }],
    });
    const texts: string[] = [];
    stream.on('text', (t) => texts.push(t));
    const message = await stream.finalMessage();
    expect(texts.join('')).toBe('Checking both cities.');
    expect(message.content).toEqual([
      { type: 'text', text: 'Checking both cities.' },
      {
        type: 'tool_use',
        id: 'call_DdmO9pD3xa9XTPNJ32zg2hcA',
        name: 'get_weather',
        input: { location: 'Paris' },
      },
      {
        type: 'tool_use',
        id: 'call_ABmO9pD3xa9XTPNJ32zg2hcB',
        name: 'get_weather',
        input: { location: 'Lyon' },
      },
    ]);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.usage).toMatchObject({
      input_tokens: 93,
      output_tokens: 46,
      cache_read_input_tokens: 1024,
    });
  });

  it('turns reasoning_content into a thinking block and bills locally without upstream usage', () => {
    const chunk = (delta: object, finish: string | null = null): string =>
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'r1', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const sse =
      chunk({ role: 'assistant', reasoning_content: 'Think' }) +
      chunk({ reasoning_content: 'ing.' }) +
      chunk({ content: 'Answer.' }) +
      chunk({}, 'length') +
      'data: [DONE]\n\n';
    const t = createConvertingTranslator(createOpenAIChunkReader, 'anthropic', ctx);
    const events = parseSse(feedInPieces(t, sse, 10)).map((e) => e.data as Record<string, unknown>);
    expect(events.map((e) => e.type)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events[1]).toMatchObject({ content_block: { type: 'thinking' } });
    expect(t.usage()).toBeNull();
    const local = countTextTokens('Thinking.Answer.');
    expect(events[8]).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'max_tokens', stop_sequence: null },
      usage: { input_tokens: 90, output_tokens: local },
    });
  });

  it('ends a stream with no chunks as a valid empty message', () => {
    const events = parseSse(translate('data: [DONE]\n\n')).map(
      (e) => (e.data as { type: string }).type,
    );
    expect(events).toEqual(['message_start', 'message_delta', 'message_stop']);
  });
});
