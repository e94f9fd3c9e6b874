import { describe, expect, it } from 'vitest';
import { countTextTokens, TOKENS_PER_TOOL_CALL } from '../../../billing/tokenizer.js';
import { emptyUsage } from '../../../billing/usage.js';
import { feedInPieces, fixture } from '../test-support.js';
import { createGeminiPassthroughTranslator } from './passthrough-stream.js';

describe('Gemini pass-through', () => {
  it('forwards bytes unchanged and reads usage from the last usageMetadata', () => {
    const sse = fixture(import.meta.url, 'stream-text.sse');
    const t = createGeminiPassthroughTranslator();
    expect(feedInPieces(t, sse, 7)).toBe(sse);
    expect(t.usage()).toEqual({
      ...emptyUsage(),
      promptTokens: 9,
      completionTokens: 33,
      reasoningTokens: 21,
    });
    expect(t.completionTokens()).toBe(
      countTextTokens('Thinking about itThe quick brown fox jumps over the lazy dog. ✅'),
    );
  });

  it('reports the answer complete only at the end of the stream (Gemini has no final event)', () => {
    const sse = fixture(import.meta.url, 'stream-text.sse');
    const t = createGeminiPassthroughTranslator();
    t.push(Buffer.from(sse));
    expect(t.complete()).toBe(false);
    t.end();
    expect(t.complete()).toBe(true);
  });

  it('counts function calls with the per-call overhead', () => {
    const t = createGeminiPassthroughTranslator();
    feedInPieces(t, fixture(import.meta.url, 'stream-tools.sse'), 1 << 20);
    expect(t.completionTokens()).toBeGreaterThan(2 * TOKENS_PER_TOOL_CALL);
    expect(t.usage()?.completionTokens).toBe(18);
  });

  it('returns null usage when no chunk had usageMetadata', () => {
    const t = createGeminiPassthroughTranslator();
    t.push('data: {"candidates": [{"content": {"parts": [{"text": "x"}]}}]}\r\n\r\n');
    t.end();
    expect(t.usage()).toBeNull();
  });
});
