import { describe, expect, it } from 'vitest';
import type { AnthropicRequest } from '../anthropic/types.js';
import { jsonFixture } from '../test-support.js';
import { anthropicRequestToOpenAI } from './convert-anthropic-request.js';

describe('anthropicRequestToOpenAI', () => {
  it('converts the recorded Claude Code-style request', () => {
    const input = jsonFixture(import.meta.url, 'anthropic-client-request.json') as AnthropicRequest;
    const want = jsonFixture(import.meta.url, 'openai-from-anthropic.json');
    expect(anthropicRequestToOpenAI(input, 'gpt-4.1', true)).toEqual(want);
  });

  it('keeps explicit zeros, leaves absent fields absent, and maps tool_choice forms', () => {
    const base: AnthropicRequest = {
      max_tokens: 0,
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ name: 'f', input_schema: { type: 'object' } }],
    };
    const out = anthropicRequestToOpenAI({ ...base, top_p: 0 }, 'm', false);
    expect(out).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 0,
      top_p: 0,
      tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
    });
    const choice = (c: AnthropicRequest['tool_choice']): unknown =>
      anthropicRequestToOpenAI({ ...base, tool_choice: c }, 'm', false).tool_choice;
    expect(choice({ type: 'any' })).toBe('required');
    expect(choice({ type: 'none' })).toBe('none');
    expect(choice({ type: 'tool', name: 'f' })).toEqual({
      type: 'function',
      function: { name: 'f' },
    });
  });

  it('puts tool results before the text of the same user turn', () => {
    const out = anthropicRequestToOpenAI(
      {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'after' },
              { type: 'tool_result', tool_use_id: 't1', content: 'r1' },
            ],
          },
        ],
      },
      'm',
      false,
    );
    expect(out.messages).toEqual([
      { role: 'tool', tool_call_id: 't1', content: 'r1' },
      { role: 'user', content: 'after' },
    ]);
  });
});
