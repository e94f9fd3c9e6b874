import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from './adaptor.js';
import { OPENAI_COMPATIBLE_PRESETS } from './presets.js';
import { adaptorFor, supportedChannelTypes } from './registry.js';

const channel = (baseUrl = ''): ChannelConfig => ({
  baseUrl,
  key: 'sk-up',
  other: '',
  setting: {},
});
const chat = { messages: [{ role: 'user', content: 'hi' }] };

describe('registry', () => {
  it('covers the OpenAI-compatible presets, Azure, Anthropic and Gemini, and nothing else', () => {
    expect(supportedChannelTypes()).toEqual(
      [...OPENAI_COMPATIBLE_PRESETS.map((p) => p.type), 3, 14, 24].sort((a, b) => a - b),
    );
    expect(adaptorFor(2)).toBeUndefined(); // Midjourney is not a chat upstream
  });

  it('has unique preset type ids matching the contract ids of the named vendors', () => {
    const byName = Object.fromEntries(OPENAI_COMPATIBLE_PRESETS.map((p) => [p.name, p.type]));
    expect(byName).toMatchObject({
      OpenAI: 1,
      Ollama: 4,
      Custom: 8,
      OpenRouter: 20,
      Moonshot: 25,
      Perplexity: 27,
      LingYiWanWu: 31,
      SiliconFlow: 40,
      Mistral: 42,
      DeepSeek: 43,
      xAI: 48,
    });
    const types = OPENAI_COMPATIBLE_PRESETS.map((p) => p.type);
    expect(new Set(types).size).toBe(types.length);
  });

  it.each(OPENAI_COMPATIBLE_PRESETS.filter((p) => p.baseUrl !== ''))(
    '$name: default base URL, prefix, bearer key and forced stream usage',
    (preset) => {
      const req = adaptorFor(preset.type)!.buildRequest({
        format: 'openai',
        body: chat,
        model: 'm',
        stream: true,
        channel: channel(),
      });
      expect(req.url).toBe(`${preset.baseUrl}${preset.apiPrefix}/chat/completions`);
      expect(req.headers.authorization).toBe('Bearer sk-up');
      expect(JSON.parse(req.body as string)).toMatchObject({
        stream_options: { include_usage: true },
      });
    },
  );

  it('Custom uses the channel base URL, ignoring a trailing slash', () => {
    const req = adaptorFor(8)!.buildRequest({
      format: 'openai',
      body: chat,
      model: 'm',
      stream: false,
      channel: channel('https://gw.example.com/'),
    });
    expect(req.url).toBe('https://gw.example.com/v1/chat/completions');
  });

  it('every adaptor accepts all three client formats', () => {
    const bodies = {
      openai: chat,
      anthropic: { max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] },
      gemini: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
    } as const;
    for (const type of supportedChannelTypes()) {
      for (const format of ['openai', 'anthropic', 'gemini'] as const) {
        const req = adaptorFor(type)!.buildRequest({
          format,
          body: bodies[format],
          model: 'm',
          stream: false,
          channel: { ...channel('https://h.example'), other: '' },
        });
        expect(req.method).toBe('POST');
        expect(req.url.startsWith('https://')).toBe(true);
        expect(JSON.stringify(JSON.parse(req.body as string))).toContain('hi');
      }
    }
  });
});
