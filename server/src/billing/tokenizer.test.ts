import { describe, expect, it } from 'vitest';
import {
  countTextTokens,
  createStreamTokenCounter,
  estimatePromptTokens,
  TOKENS_PER_IMAGE,
  TOKENS_PER_MESSAGE,
  TOKENS_PER_REPLY,
} from './tokenizer.js';

describe('countTextTokens', () => {
  it('counts with the o200k tokenizer', () => {
    expect(countTextTokens('')).toBe(0);
    expect(countTextTokens('hello world')).toBe(2);
  });

  it('treats special-token text as plain text instead of throwing', () => {
    expect(countTextTokens('a <|endoftext|> b')).toBeGreaterThan(3);
  });

  it('extrapolates very long texts from their prefix', () => {
    const text = 'lorem ipsum dolor sit amet '.repeat(10_000);
    const perRepeat = countTextTokens('lorem ipsum dolor sit amet '.repeat(100)) / 100;
    const estimate = countTextTokens(text);
    expect(estimate).toBeGreaterThan(perRepeat * 10_000 * 0.95);
    expect(estimate).toBeLessThan(perRepeat * 10_000 * 1.05);
  });
});

describe('estimatePromptTokens', () => {
  const hello = countTextTokens('hello world');
  const sys = countTextTokens('be brief');

  it('OpenAI messages get a per-message overhead', () => {
    const body = {
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: [{ type: 'text', text: 'hello world' }, { type: 'image_url' }] },
      ],
    };
    expect(estimatePromptTokens('openai', body)).toBe(
      TOKENS_PER_REPLY + 2 * TOKENS_PER_MESSAGE + sys + hello + TOKENS_PER_IMAGE,
    );
  });

  it('OpenAI tools count as their JSON', () => {
    const tools = [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }];
    const withTools = estimatePromptTokens('openai', { messages: [], tools });
    expect(withTools).toBe(TOKENS_PER_REPLY + countTextTokens(JSON.stringify(tools)));
  });

  it('Anthropic system and content blocks', () => {
    const body = {
      system: [{ type: 'text', text: 'be brief' }],
      messages: [{ role: 'user', content: 'hello world' }],
    };
    expect(estimatePromptTokens('anthropic', body)).toBe(
      TOKENS_PER_REPLY + 2 * TOKENS_PER_MESSAGE + sys + hello,
    );
  });

  it('Gemini systemInstruction and parts', () => {
    const body = {
      systemInstruction: { parts: [{ text: 'be brief' }] },
      contents: [{ role: 'user', parts: [{ text: 'hello world' }, { inlineData: {} }] }],
    };
    expect(estimatePromptTokens('gemini', body)).toBe(
      TOKENS_PER_REPLY + 2 * TOKENS_PER_MESSAGE + sys + hello + TOKENS_PER_IMAGE,
    );
  });

  it('returns 0 for a body that is not an object', () => {
    expect(estimatePromptTokens('openai', 'nope')).toBe(0);
  });
});

describe('createStreamTokenCounter', () => {
  it('matches the exact count of the whole text within a small margin', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `word${i % 97} `);
    const counter = createStreamTokenCounter();
    for (const w of words) counter.add(w);
    const exact = countTextTokens(words.join(''));
    expect(Math.abs(counter.count() - exact)).toBeLessThanOrEqual(exact * 0.01);
  });

  it('adds fixed tokens', () => {
    const counter = createStreamTokenCounter();
    counter.add('hello world');
    counter.addTokens(7);
    expect(counter.count()).toBe(9);
  });

  it('keeps memory flat: only pieces of a few KiB are ever pending, and nothing is lost', () => {
    const seen: number[] = [];
    const counter = createStreamTokenCounter((text) => {
      seen.push(text.length);
      return text.length;
    });
    const piece = 'abc def '.repeat(40); // 320 characters
    for (let i = 0; i < 10_000; i++) counter.add(piece); // 3.2 MB in total
    expect(counter.count()).toBe(320 * 10_000);
    expect(seen.length).toBeGreaterThan(500);
    expect(Math.max(...seen)).toBeLessThanOrEqual(4096 + 320);
  });

  it('cuts text without whitespace too', () => {
    const seen: number[] = [];
    const counter = createStreamTokenCounter((text) => (seen.push(text.length), text.length));
    for (let i = 0; i < 100; i++) counter.add('x'.repeat(1000));
    expect(counter.count()).toBe(100_000);
    expect(Math.max(...seen)).toBeLessThanOrEqual(5096);
  });
});
