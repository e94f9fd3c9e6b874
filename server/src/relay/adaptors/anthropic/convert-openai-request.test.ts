import { describe, expect, it } from 'vitest';
import { AdaptorError } from '../errors/adaptor-error.js';
import type { OpenAIChatRequest } from '../openai/types.js';
import { jsonFixture } from '../test-support.js';
import { DEFAULT_MAX_TOKENS, openAIRequestToAnthropic } from './convert-openai-request.js';

const MODEL = 'claude-sonnet-4-5-20250929';
const req = (extra: Partial<OpenAIChatRequest>): OpenAIChatRequest => ({
  messages: [{ role: 'user', content: 'hi' }],
  ...extra,
});

describe('openAIRequestToAnthropic', () => {
  it('converts the recorded request (system, images, tool calls and results, tools, choice)', () => {
    const input = jsonFixture(import.meta.url, 'openai-request.json') as OpenAIChatRequest;
    const want = jsonFixture(import.meta.url, 'anthropic-request.json');
    expect(openAIRequestToAnthropic(input, MODEL, true)).toEqual(want);
  });

  it('defaults max_tokens, and prefers max_completion_tokens over max_tokens', () => {
    expect(openAIRequestToAnthropic(req({}), MODEL, false).max_tokens).toBe(DEFAULT_MAX_TOKENS);
    expect(openAIRequestToAnthropic(req({ max_tokens: 50 }), MODEL, false).max_tokens).toBe(50);
    const both = req({ max_tokens: 50, max_completion_tokens: 70 });
    expect(openAIRequestToAnthropic(both, MODEL, false).max_tokens).toBe(70);
  });

  it('keeps explicit zeros and leaves absent fields absent', () => {
    const out = openAIRequestToAnthropic(req({ temperature: 0, top_p: 0, top_k: 0 }), MODEL, false);
    expect(out).toMatchObject({ temperature: 0, top_p: 0, top_k: 0 });
    const bare = openAIRequestToAnthropic(req({ temperature: null }), MODEL, false);
    for (const key of [
      'temperature',
      'top_p',
      'top_k',
      'stop_sequences',
      'system',
      'tools',
      'tool_choice',
      'stream',
      'metadata',
    ]) {
      expect(bare).not.toHaveProperty(key);
    }
  });

  it('clamps temperature to the Anthropic range and keeps stop arrays', () => {
    const out = openAIRequestToAnthropic(req({ temperature: 1.7, stop: ['a', 'b'] }), MODEL, false);
    expect(out.temperature).toBe(1);
    expect(out.stop_sequences).toEqual(['a', 'b']);
  });

  it('a single plain system message becomes a string; cache_control keeps the block form', () => {
    const plain = openAIRequestToAnthropic(
      req({
        messages: [
          { role: 'system', content: 'S' },
          { role: 'user', content: 'u' },
        ],
      }),
      MODEL,
      false,
    );
    expect(plain.system).toBe('S');
    const cached = openAIRequestToAnthropic(
      req({
        messages: [
          {
            role: 'system',
            content: [{ type: 'text', text: 'S', cache_control: { type: 'ephemeral' } }],
          },
          { role: 'user', content: 'u' },
        ],
      }),
      MODEL,
      false,
    );
    expect(cached.system).toEqual([
      { type: 'text', text: 'S', cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('maps every tool_choice form, and drops it without tools', () => {
    const tools = [{ type: 'function' as const, function: { name: 'f' } }];
    const choice = (c: OpenAIChatRequest['tool_choice']): unknown =>
      openAIRequestToAnthropic(req({ tools, tool_choice: c }), MODEL, false).tool_choice;
    expect(choice('auto')).toEqual({ type: 'auto' });
    expect(choice('none')).toEqual({ type: 'none' });
    expect(choice({ type: 'function', function: { name: 'f' } })).toEqual({
      type: 'tool',
      name: 'f',
    });
    expect(choice(undefined)).toBeUndefined();
    expect(openAIRequestToAnthropic(req({ tool_choice: 'auto' }), MODEL, false)).not.toHaveProperty(
      'tool_choice',
    );
  });

  it('skips empty text and drops messages left empty', () => {
    const out = openAIRequestToAnthropic(
      req({
        messages: [
          { role: 'user', content: '' },
          { role: 'user', content: 'x' },
          { role: 'assistant', content: '' },
        ],
      }),
      MODEL,
      false,
    );
    expect(out.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'x' }] }]);
  });

  it('rejects audio input, which Anthropic cannot take', () => {
    const audio = req({
      messages: [
        {
          role: 'user',
          content: [{ type: 'input_audio', input_audio: { data: 'AA==', format: 'wav' } }],
        },
      ],
    });
    expect(() => openAIRequestToAnthropic(audio, MODEL, false)).toThrow(AdaptorError);
  });
});
