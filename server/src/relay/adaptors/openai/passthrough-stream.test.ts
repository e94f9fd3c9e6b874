import { describe, expect, it } from 'vitest';
import { countTextTokens, TOKENS_PER_TOOL_CALL } from '../../../billing/tokenizer.js';
import { emptyUsage } from '../../../billing/usage.js';
import type { StreamContext } from '../adaptor.js';
import { feedInPieces, fixture, outputUntilComplete, parseSse, textOf } from '../test-support.js';
import { createConvertingTranslator } from '../translate/converting-translator.js';
import { createOpenAIChunkReader } from '../translate/openai-chunk-reader.js';
import { createOpenAIPassthroughTranslator } from './passthrough-stream.js';

const ctx = (includeUsage: boolean): StreamContext => ({
  model: 'gpt-4o',
  includeUsage,
  promptTokens: 21,
});
const text = fixture(import.meta.url, 'chat-stream-text.sse');
const tools = fixture(import.meta.url, 'chat-stream-tools.sse');
const withoutUsageEvent = (sse: string): string =>
  sse
    .split('\n\n')
    .filter((e) => !e.includes('"choices":[]'))
    .join('\n\n');

describe('OpenAI chat pass-through', () => {
  it('forwards the upstream bytes unchanged when the client asked for usage', () => {
    const t = createOpenAIPassthroughTranslator('chat', ctx(true));
    expect(feedInPieces(t, tools, 1 << 20)).toBe(tools);
    expect(t.usage()).toEqual({
      ...emptyUsage(),
      promptTokens: 93,
      cachedTokens: 1024,
      completionTokens: 46,
    });
  });

  it('drops only the usage-only chunk when the client did not ask, and still records usage', () => {
    const t = createOpenAIPassthroughTranslator('chat', ctx(false));
    expect(feedInPieces(t, tools, 1 << 20)).toBe(withoutUsageEvent(tools));
    expect(t.usage()?.completionTokens).toBe(46);
  });

  it('is independent of chunk boundaries, multi-byte characters included', () => {
    for (const size of [1, 3, 17, 256]) {
      expect(feedInPieces(createOpenAIPassthroughTranslator('chat', ctx(false)), text, size)).toBe(
        withoutUsageEvent(text),
      );
    }
  });

  it('counts delivered text locally: content, tool names (+7 each) and arguments', () => {
    const t = createOpenAIPassthroughTranslator('chat', ctx(true));
    feedInPieces(t, text, 64);
    expect(t.completionTokens()).toBe(countTextTokens('Hello! How can I help you today? 😊'));
    const tt = createOpenAIPassthroughTranslator('chat', ctx(true));
    feedInPieces(tt, tools, 64);
    const expected = countTextTokens(
      'Checking both cities.get_weather{"location": "Paris"}get_weather{"location": "Lyon"}',
    );
    // Tokenizing in pieces can differ by a token or two from tokenizing the whole text.
    expect(
      Math.abs(tt.completionTokens() - expected - 2 * TOKENS_PER_TOOL_CALL),
    ).toBeLessThanOrEqual(3);
  });

  it('synthesizes a usage chunk before [DONE] when the client asked and the upstream sent none', () => {
    const noUsage = withoutUsageEvent(text).replaceAll(',"usage":null', '');
    const t = createOpenAIPassthroughTranslator('chat', ctx(true));
    const events = parseSse(feedInPieces(t, noUsage, 40));
    expect(t.usage()).toBeNull();
    const completion = countTextTokens('Hello! How can I help you today? 😊');
    expect(events.at(-2)?.data).toMatchObject({
      id: 'chatcmpl-C1tExtOnly0000000000000000',
      object: 'chat.completion.chunk',
      model: 'gpt-4o',
      choices: [],
      usage: { prompt_tokens: 21, completion_tokens: completion, total_tokens: 21 + completion },
    });
    expect(events.at(-1)?.data).toBe('[DONE]');
  });

  it('takes the stream id for that chunk past a leading comment', () => {
    const noUsage = withoutUsageEvent(text).replaceAll(',"usage":null', '');
    const t = createOpenAIPassthroughTranslator('chat', ctx(true));
    const events = parseSse(feedInPieces(t, `: OPENROUTER PROCESSING\n\n${noUsage}`, 1 << 20));
    expect(events.at(-2)?.data).toMatchObject({ id: 'chatcmpl-C1tExtOnly0000000000000000' });
  });

  it('forwards the bytes undecoded (latin1) and writes a synthesized chunk as UTF-8 bytes', () => {
    const noUsage = withoutUsageEvent(text).replaceAll(',"usage":null', '');
    const t = createOpenAIPassthroughTranslator('chat', { ...ctx(true), model: 'модель-1' });
    expect(t.encoding).toBe('latin1');
    const out = t.push(Buffer.from(noUsage)) + t.end();
    expect(Buffer.from(out, 'latin1').equals(Buffer.from(textOf(t, out)))).toBe(true);
    expect(parseSse(textOf(t, out)).at(-2)?.data).toMatchObject({ model: 'модель-1' });
    expect(textOf(t, out)).toContain('😊');
  });

  it('closes a stream the upstream ended without [DONE], including a last unterminated event', () => {
    const cut = text.slice(0, text.indexOf('data: [DONE]')).trimEnd();
    const t = createOpenAIPassthroughTranslator('chat', ctx(false));
    const out = feedInPieces(t, cut, 100);
    expect(out.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(parseSse(out).filter((e) => e.data === '[DONE]')).toHaveLength(1);
    expect(t.usage()?.promptTokens).toBe(19);
  });

  it('passes CRLF-framed events and comments through', () => {
    const crlf = ': keep-alive\r\n\r\n' + text.replaceAll('\n\n', '\r\n\r\n');
    const t = createOpenAIPassthroughTranslator('chat', ctx(true));
    expect(feedInPieces(t, crlf, 5)).toBe(crlf);
    expect(t.usage()?.completionTokens).toBe(10);
  });

  it('reports the answer complete with the push that forwards [DONE], not before', () => {
    for (const size of [7, 64, 1 << 20]) {
      const t = createOpenAIPassthroughTranslator('chat', ctx(true));
      const out = outputUntilComplete(t, text, size);
      expect(out?.endsWith('data: [DONE]\n\n')).toBe(true);
    }
    const cut = createOpenAIPassthroughTranslator('chat', ctx(false));
    cut.push(Buffer.from(text.slice(0, text.indexOf('data: [DONE]'))));
    expect(cut.complete()).toBe(false);
    expect(cut.end()).toBe('data: [DONE]\n\n');
    expect(cut.complete()).toBe(true);
  });

  it('reads markers quoted in content as content', () => {
    const quoting = text.replace(
      '"content":"Hello',
      '"content":"data: [DONE] \\"usage\\": {} Hello',
    );
    const t = createOpenAIPassthroughTranslator('chat', ctx(true));
    const out = outputUntilComplete(t, quoting, 1 << 20);
    expect(out).toBe(quoting);
    expect(t.usage()?.completionTokens).toBe(10);
    expect(t.completionTokens()).toBe(
      countTextTokens('data: [DONE] "usage": {} Hello! How can I help you today? 😊'),
    );
  });

  it('ignores anything after [DONE]', () => {
    const t = createOpenAIPassthroughTranslator('chat', ctx(true));
    const out = t.push(text + 'data: {"late":true}\n\n') + t.end();
    expect(textOf(t, out)).toBe(text);
  });

  it('costs less per chunk than parsing and re-serializing each chunk would', () => {
    const chunk = text.split('\n\n')[3] + '\n\n';
    const pieces = Array.from({ length: 5_000 }, () => Buffer.from(chunk));
    const passthrough = (): void => {
      const t = createOpenAIPassthroughTranslator('chat', ctx(false));
      for (const p of pieces) t.push(p);
    };
    const reserialize = (): void => {
      let out = '';
      for (const p of pieces) {
        const data = p.toString('utf8').slice(6, -2);
        out = `data: ${JSON.stringify(JSON.parse(data))}\n\n`;
      }
      expect(out.length).toBeGreaterThan(0);
    };
    const best = (fn: () => void): number => {
      let min = Infinity;
      for (let round = 0; round < 20; round++) {
        const start = performance.now();
        fn();
        min = Math.min(min, performance.now() - start);
      }
      return min;
    };
    expect(best(passthrough)).toBeLessThan(best(reserialize));
  });
});

describe('OpenAI events pass-through (Responses)', () => {
  it('forwards unchanged, adds no [DONE], reads usage from response.completed', () => {
    const sse = fixture(import.meta.url, 'responses-stream.sse');
    const t = createOpenAIPassthroughTranslator('events', ctx(false));
    expect(feedInPieces(t, sse, 33)).toBe(sse);
    expect(t.usage()).toEqual({ ...emptyUsage(), promptTokens: 37, completionTokens: 11 });
    expect(t.completionTokens()).toBe(countTextTokens('Hi there!'));
    const completed = outputUntilComplete(
      createOpenAIPassthroughTranslator('events', ctx(false)),
      sse,
      33,
    );
    expect(completed).toContain('event: response.completed');
    expect(parseSse(completed!).at(-1)?.event).toBe('response.completed');
  });
});

describe('OpenAI completions pass-through', () => {
  it('counts the text field and drops the usage-only chunk', () => {
    const sse =
      'data: {"id":"cmpl-1","object":"text_completion","created":1,"model":"gpt-3.5-turbo-instruct","choices":[{"text":"Hello world","index":0,"logprobs":null,"finish_reason":null}],"usage":null}\n\n' +
      'data: {"id":"cmpl-1","object":"text_completion","created":1,"model":"gpt-3.5-turbo-instruct","choices":[],"usage":{"prompt_tokens":5,"completion_tokens":2,"total_tokens":7}}\n\n' +
      'data: [DONE]\n\n';
    const t = createOpenAIPassthroughTranslator('completions', ctx(false));
    const out = feedInPieces(t, sse, 9);
    expect(out).not.toContain('"prompt_tokens"');
    expect(out.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(t.usage()?.promptTokens).toBe(5);
    expect(t.completionTokens()).toBe(2);
  });
});

describe('usage placed inside the choice (Moonshot style)', () => {
  it('is found by the pass-through and by the converting reader', () => {
    const sse =
      'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"moonshot-v1-8k","choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}]}\n\n' +
      'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"moonshot-v1-8k","choices":[{"index":0,"delta":{},"finish_reason":"stop","usage":{"prompt_tokens":8,"completion_tokens":1,"total_tokens":9}}]}\n\n' +
      'data: [DONE]\n\n';
    const t = createOpenAIPassthroughTranslator('chat', ctx(false));
    expect(feedInPieces(t, sse, 1 << 20)).toBe(sse);
    expect(t.usage()).toEqual({ ...emptyUsage(), promptTokens: 8, completionTokens: 1 });
    const c = createConvertingTranslator(createOpenAIChunkReader, 'anthropic', ctx(false));
    const converted = outputUntilComplete(c, sse, 1 << 20);
    expect(parseSse(converted!).at(-1)?.event).toBe('message_stop');
    const events = parseSse(converted! + c.end());
    expect(c.usage()?.promptTokens).toBe(8);
    expect(events.at(-2)?.data).toMatchObject({ usage: { input_tokens: 8, output_tokens: 1 } });
  });

  it('takes the top-level usage when an event holds more than one', () => {
    const sse =
      'data: {"id":"c","choices":[{"index":0,"delta":{"content":"Hi"},"usage":{"prompt_tokens":1,"completion_tokens":1}}],"usage":{"prompt_tokens":8,"completion_tokens":2,"total_tokens":10}}\n\n' +
      'data: [DONE]\n\n';
    const t = createOpenAIPassthroughTranslator('chat', ctx(false));
    feedInPieces(t, sse, 1 << 20);
    expect(t.usage()).toEqual({ ...emptyUsage(), promptTokens: 8, completionTokens: 2 });
    expect(t.completionTokens()).toBe(countTextTokens('Hi'));
  });

  it('reads a usage object whose strings hold braces', () => {
    const sse =
      'data: {"id":"c","choices":[],"usage":{"note":"}{\\"]","prompt_tokens":3,"completion_tokens":4}}\n\n' +
      'data: [DONE]\n\n';
    const t = createOpenAIPassthroughTranslator('chat', ctx(false));
    expect(feedInPieces(t, sse, 5)).toBe('data: [DONE]\n\n');
    expect(t.usage()).toEqual({ ...emptyUsage(), promptTokens: 3, completionTokens: 4 });
  });

  it('tolerates a choice without a delta in converted streams', () => {
    const c = createConvertingTranslator(createOpenAIChunkReader, 'gemini', ctx(false));
    const sse =
      'data: {"id":"c","choices":[{"index":0,"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
    const events = parseSse(feedInPieces(c, sse, 1 << 20));
    expect(events.at(-1)?.data).toMatchObject({ candidates: [{ finishReason: 'STOP' }] });
  });
});
