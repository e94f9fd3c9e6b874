import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from '../adaptor.js';
import { AdaptorError } from '../errors/adaptor-error.js';
import { jsonFixture } from '../test-support.js';
import { anthropicAdaptor } from './adaptor.js';

const channel: ChannelConfig = { baseUrl: '', key: 'sk-ant', other: '', setting: {} };

describe('Anthropic adaptor', () => {
  it('passes an Anthropic body through with the mapped model and the beta header', () => {
    const body = {
      model: 'alias',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'hi' }],
      thinking: { type: 'enabled', budget_tokens: 1024 },
    };
    const req = anthropicAdaptor.buildRequest({
      format: 'anthropic',
      body,
      model: 'claude-opus-4-1',
      stream: false,
      channel,
      clientHeaders: { 'anthropic-beta': 'extended-cache-ttl-2025-04-11' },
    });
    expect(req.url).toBe('https://api.anthropic.com/v1/messages');
    expect(req.headers).toEqual({
      'x-api-key': 'sk-ant',
      'anthropic-version': '2023-06-01',
      'anthropic-beta': 'extended-cache-ttl-2025-04-11',
      'content-type': 'application/json',
    });
    expect(JSON.parse(req.body as string)).toEqual({ ...body, model: 'claude-opus-4-1' });
  });

  it('serves a Gemini client through the OpenAI pivot', () => {
    const req = anthropicAdaptor.buildRequest({
      format: 'gemini',
      body: {
        contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
        generationConfig: { maxOutputTokens: 9 },
      },
      model: 'claude-haiku-4-5',
      stream: true,
      channel,
    });
    expect(JSON.parse(req.body as string)).toEqual({
      model: 'claude-haiku-4-5',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      max_tokens: 9,
      stream: true,
    });
  });

  it('parses answers for each client format with Anthropic usage semantics', () => {
    const msg = jsonFixture(import.meta.url, 'message-tools.json');
    const same = anthropicAdaptor.parseResponse('anthropic', msg, { model: 'x' });
    expect(same).toMatchObject({ body: msg, unchanged: true });
    expect(same.usage).toMatchObject({
      promptTokens: 472,
      cachedTokens: 1024,
      cacheWriteTokens: 200,
    });
    const gemini = anthropicAdaptor.parseResponse('gemini', msg, { model: 'x' });
    expect(gemini.body).toMatchObject({
      candidates: [
        {
          finishReason: 'STOP',
          content: {
            parts: [
              { thought: true },
              { text: "I'll check the current weather in Paris." },
              { functionCall: { name: 'get_weather' } },
            ],
          },
        },
      ],
      usageMetadata: { promptTokenCount: 1696, cachedContentTokenCount: 1024 },
    });
  });

  it('rejects an answer that is an error or not a message', () => {
    const err = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    expect(() => anthropicAdaptor.parseResponse('openai', err, { model: 'x' })).toThrow(
      /Overloaded/,
    );
    expect(() =>
      anthropicAdaptor.parseResponse('openai', { type: 'other' }, { model: 'x' }),
    ).toThrow(AdaptorError);
  });
});
