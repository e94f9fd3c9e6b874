import { describe, expect, it } from 'vitest';
import { AdaptorError } from '../errors/adaptor-error.js';
import type { GeminiRequest } from '../gemini/types.js';
import { jsonFixture } from '../test-support.js';
import { geminiRequestToOpenAI } from './convert-gemini-request.js';

describe('geminiRequestToOpenAI', () => {
  it('converts the recorded request (system, inline image, call/response pairing, schema, config)', () => {
    const input = jsonFixture(import.meta.url, 'gemini-client-request.json') as GeminiRequest;
    const want = jsonFixture(import.meta.url, 'openai-from-gemini.json');
    expect(geminiRequestToOpenAI(input, 'gpt-4o-mini', true)).toEqual(want);
  });

  it('pairs responses with calls of the same name in order', () => {
    const out = geminiRequestToOpenAI(
      {
        contents: [
          {
            role: 'model',
            parts: [
              { functionCall: { name: 'f', args: { n: 1 } } },
              { functionCall: { name: 'f', args: { n: 2 } } },
            ],
          },
          {
            role: 'user',
            parts: [
              { functionResponse: { name: 'f', response: { r: 1 } } },
              { functionResponse: { name: 'f', response: { r: 2 } } },
            ],
          },
        ],
      },
      'm',
      false,
    );
    expect(out.messages.slice(1).map((m) => m.tool_call_id)).toEqual(['call_0', 'call_1']);
  });

  it('JSON mode without a schema, explicit zero max tokens, and no generationConfig at all', () => {
    const json = geminiRequestToOpenAI(
      {
        contents: [],
        generationConfig: { responseMimeType: 'application/json', maxOutputTokens: 0 },
      },
      'm',
      false,
    );
    expect(json.response_format).toEqual({ type: 'json_object' });
    expect(json.max_tokens).toBe(0);
    expect(geminiRequestToOpenAI({ contents: [] }, 'm', false)).toEqual({
      model: 'm',
      messages: [],
    });
  });

  it('rejects non-image, non-audio files', () => {
    const pdf: GeminiRequest = {
      contents: [
        { role: 'user', parts: [{ inlineData: { mimeType: 'application/pdf', data: 'JVBE' } }] },
      ],
    };
    expect(() => geminiRequestToOpenAI(pdf, 'm', false)).toThrow(AdaptorError);
  });
});
