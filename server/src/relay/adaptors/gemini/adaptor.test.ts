import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from '../adaptor.js';
import { jsonFixture } from '../test-support.js';
import { geminiAdaptor } from './adaptor.js';

const channel = (other = ''): ChannelConfig => ({
  baseUrl: '',
  key: 'AIza-key',
  other,
  setting: {},
});
const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };

describe('Gemini adaptor', () => {
  it('builds generateContent and streamGenerateContent?alt=sse URLs with the key header', () => {
    const plain = geminiAdaptor.buildRequest({
      format: 'gemini',
      body,
      model: 'gemini-2.5-flash',
      stream: false,
      channel: channel(),
    });
    expect(plain.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent',
    );
    expect(plain.headers).toEqual({
      'x-goog-api-key': 'AIza-key',
      'content-type': 'application/json',
    });
    expect(JSON.parse(plain.body as string)).toEqual(body);
    const stream = geminiAdaptor.buildRequest({
      format: 'gemini',
      body,
      model: 'gemini-2.5-pro',
      stream: true,
      channel: channel('v1'),
    });
    expect(stream.url).toBe(
      'https://generativelanguage.googleapis.com/v1/models/gemini-2.5-pro:streamGenerateContent?alt=sse',
    );
  });

  it('serves an Anthropic client through the OpenAI pivot', () => {
    const req = geminiAdaptor.buildRequest({
      format: 'anthropic',
      body: {
        system: 'S',
        max_tokens: 0,
        temperature: 0,
        messages: [{ role: 'user', content: 'hi' }],
      },
      model: 'gemini-2.5-flash',
      stream: false,
      channel: channel(),
    });
    expect(JSON.parse(req.body as string)).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      systemInstruction: { parts: [{ text: 'S' }] },
      generationConfig: { temperature: 0, maxOutputTokens: 0 },
    });
  });

  it('parses answers for each format', () => {
    const resp = jsonFixture(import.meta.url, 'response-tools.json');
    expect(geminiAdaptor.parseResponse('gemini', resp, { model: 'x' })).toMatchObject({
      body: resp,
      unchanged: true,
    });
    const anthropic = geminiAdaptor.parseResponse('anthropic', resp, { model: 'claude-name' });
    expect(anthropic.body).toMatchObject({
      type: 'message',
      model: 'claude-name',
      stop_reason: 'tool_use',
      usage: { input_tokens: 20, output_tokens: 85, cache_read_input_tokens: 100 },
    });
    expect(anthropic.usage).toMatchObject({
      promptTokens: 20,
      cachedTokens: 100,
      completionTokens: 85,
      reasoningTokens: 60,
    });
  });

  it('lists models without the models/ prefix', () => {
    expect(
      geminiAdaptor.listModels!.parse({
        models: [{ name: 'models/gemini-2.5-flash' }, { name: 'models/embedding-001' }],
      }),
    ).toEqual(['gemini-2.5-flash', 'embedding-001']);
  });
});
