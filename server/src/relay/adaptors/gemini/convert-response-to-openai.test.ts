import { describe, expect, it } from 'vitest';
import { jsonFixture, stable } from '../test-support.js';
import { geminiFinishToOpenAI, geminiResponseToOpenAI } from './convert-response-to-openai.js';
import type { GeminiResponse } from './types.js';

describe('geminiResponseToOpenAI', () => {
  it('converts the recorded answer (thought, text, function call, thoughts in completion usage)', () => {
    const resp = jsonFixture(import.meta.url, 'response-tools.json') as GeminiResponse;
    const want = jsonFixture(import.meta.url, 'response-tools.openai.json');
    expect(stable(geminiResponseToOpenAI(resp, 'gpt-style-name'))).toEqual(want);
  });

  it('answers a blocked prompt with an empty filtered choice', () => {
    const out = geminiResponseToOpenAI(
      {
        promptFeedback: { blockReason: 'SAFETY' },
        usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
      },
      'm',
    );
    expect(out.choices).toEqual([
      { index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'content_filter' },
    ]);
    expect(out.usage?.prompt_tokens).toBe(5);
  });

  it.each([
    ['STOP', false, 'stop'],
    ['STOP', true, 'tool_calls'],
    ['MAX_TOKENS', false, 'length'],
    ['SAFETY', false, 'content_filter'],
    ['RECITATION', false, 'content_filter'],
    ['OTHER', false, 'stop'],
    [undefined, false, null],
  ] as const)('finishReason %s (tools: %s) → %s', (reason, tools, want) => {
    expect(geminiFinishToOpenAI(reason, tools)).toBe(want);
  });
});
