import { describe, expect, it } from 'vitest';
import { jsonFixture, stable } from '../test-support.js';
import { openAIResponseToAnthropic } from './convert-response-to-anthropic.js';
import type { OpenAIChatCompletion } from './types.js';

describe('openAIResponseToAnthropic', () => {
  it('converts the recorded tool-call completion', () => {
    const completion = jsonFixture(
      import.meta.url,
      'chat-completion-tools.json',
    ) as OpenAIChatCompletion;
    const want = jsonFixture(import.meta.url, 'chat-completion-tools.anthropic.json');
    expect(stable(openAIResponseToAnthropic(completion, 'claude-via-gpt'))).toEqual(want);
  });

  it('maps reasoning to a thinking block and finish reasons to stop reasons', () => {
    const completion: OpenAIChatCompletion = {
      id: 'x',
      object: 'chat.completion',
      created: 1,
      model: 'deepseek-reasoner',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'B', reasoning_content: 'A' },
          finish_reason: 'length',
        },
      ],
    };
    const out = openAIResponseToAnthropic(completion, 'm');
    expect(out.content).toEqual([
      { type: 'thinking', thinking: 'A', signature: '' },
      { type: 'text', text: 'B' },
    ]);
    expect(out.stop_reason).toBe('max_tokens');
    expect(out.usage).toEqual({ input_tokens: 0, output_tokens: 0 });
  });
});
