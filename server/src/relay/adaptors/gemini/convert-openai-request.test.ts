import { describe, expect, it } from 'vitest';
import type { OpenAIChatRequest } from '../openai/types.js';
import { jsonFixture } from '../test-support.js';
import { openAIRequestToGemini } from './convert-openai-request.js';

const req = (extra: Partial<OpenAIChatRequest>): OpenAIChatRequest => ({
  messages: [{ role: 'user', content: 'hi' }],
  ...extra,
});

describe('openAIRequestToGemini', () => {
  it('converts the recorded request (images, tool round trip, cleaned schemas, config)', () => {
    const input = jsonFixture(import.meta.url, 'openai-request.json') as OpenAIChatRequest;
    expect(openAIRequestToGemini(input)).toEqual(
      jsonFixture(import.meta.url, 'gemini-request.json'),
    );
  });

  it('keeps explicit zeros in generationConfig and omits it when nothing is set', () => {
    const zeros = openAIRequestToGemini(
      req({ temperature: 0, top_p: 0, max_tokens: 0, frequency_penalty: 0, seed: 0 }),
    );
    expect(zeros.generationConfig).toEqual({
      temperature: 0,
      topP: 0,
      maxOutputTokens: 0,
      frequencyPenalty: 0,
      seed: 0,
    });
    expect(openAIRequestToGemini(req({ temperature: null }))).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    });
  });

  it('maps tool_choice modes and json_object', () => {
    const tools = [{ type: 'function' as const, function: { name: 'f' } }];
    const mode = (c: OpenAIChatRequest['tool_choice']): unknown =>
      openAIRequestToGemini(req({ tools, tool_choice: c })).toolConfig;
    expect(mode('auto')).toEqual({ functionCallingConfig: { mode: 'AUTO' } });
    expect(mode('none')).toEqual({ functionCallingConfig: { mode: 'NONE' } });
    expect(mode('required')).toEqual({ functionCallingConfig: { mode: 'ANY' } });
    const json = openAIRequestToGemini(req({ response_format: { type: 'json_object' } }));
    expect(json.generationConfig).toEqual({ responseMimeType: 'application/json' });
  });

  it('merges consecutive turns of the same role and sends audio inline', () => {
    const out = openAIRequestToGemini(
      req({
        messages: [
          { role: 'user', content: 'a' },
          {
            role: 'user',
            content: [{ type: 'input_audio', input_audio: { data: 'UklG', format: 'wav' } }],
          },
        ],
      }),
    );
    expect(out.contents).toEqual([
      {
        role: 'user',
        parts: [{ text: 'a' }, { inlineData: { mimeType: 'audio/wav', data: 'UklG' } }],
      },
    ]);
  });
});
