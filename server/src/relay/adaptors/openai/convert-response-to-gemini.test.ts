import { describe, expect, it } from 'vitest';
import { jsonFixture } from '../test-support.js';
import { openAIResponseToGemini } from './convert-response-to-gemini.js';
import type { OpenAIChatCompletion } from './types.js';

describe('openAIResponseToGemini', () => {
  it('converts the recorded tool-call completion (thoughts split out of candidates)', () => {
    const completion = jsonFixture(
      import.meta.url,
      'chat-completion-tools.json',
    ) as OpenAIChatCompletion;
    const want = jsonFixture(import.meta.url, 'chat-completion-tools.gemini.json');
    expect(openAIResponseToGemini(completion, 'gemini-via-gpt')).toEqual(want);
  });

  it('maps length to MAX_TOKENS and keeps reasoning as a thought part', () => {
    const out = openAIResponseToGemini(
      {
        id: 'c',
        object: 'chat.completion',
        created: 1,
        model: 'm',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: 'x', reasoning_content: 'r' },
            finish_reason: 'length',
          },
        ],
      },
      'm',
    );
    expect(out.candidates?.[0]).toEqual({
      content: { role: 'model', parts: [{ text: 'r', thought: true }, { text: 'x' }] },
      finishReason: 'MAX_TOKENS',
      index: 0,
    });
    expect(out).not.toHaveProperty('usageMetadata');
  });
});
