import { describe, expect, it } from 'vitest';
import { jsonFixture, stable } from '../test-support.js';
import { anthropicResponseToOpenAI, anthropicStopToOpenAI } from './convert-response-to-openai.js';
import type { AnthropicMessageResponse } from './types.js';

describe('anthropicResponseToOpenAI', () => {
  it('converts the recorded tool-use answer (thinking, text, tool call, cache usage)', () => {
    const msg = jsonFixture(import.meta.url, 'message-tools.json') as AnthropicMessageResponse;
    const want = jsonFixture(import.meta.url, 'message-tools.openai.json');
    expect(stable(anthropicResponseToOpenAI(msg, 'claude-sonnet-4-5'))).toEqual(want);
  });

  it('a text-only answer has string content and no tool_calls key', () => {
    const msg: AnthropicMessageResponse = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'm',
      content: [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ],
      stop_reason: 'max_tokens',
      stop_sequence: null,
      usage: { input_tokens: 3, output_tokens: 4 },
    };
    const out = anthropicResponseToOpenAI(msg, 'm');
    expect(out.choices[0].message).toEqual({ role: 'assistant', content: 'ab' });
    expect(out.choices[0].finish_reason).toBe('length');
    expect(out.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 });
  });

  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['max_tokens', 'length'],
    ['tool_use', 'tool_calls'],
    ['refusal', 'content_filter'],
    ['pause_turn', 'stop'],
    [null, 'stop'],
  ] as const)('stop_reason %s → %s', (reason, want) => {
    expect(anthropicStopToOpenAI(reason)).toBe(want);
  });
});
