import { describe, expect, it } from 'vitest';
import { emptyUsage } from '../../../billing/usage.js';
import type { ChannelConfig } from '../adaptor.js';
import { AdaptorError } from '../errors/adaptor-error.js';
import { OPENAI_COMPATIBLE_PRESETS } from '../presets.js';
import { jsonFixture } from '../test-support.js';
import { createOpenAICompatibleAdaptor } from './adaptor.js';

const preset = (type: number) => OPENAI_COMPATIBLE_PRESETS.find((p) => p.type === type)!;
const openai = createOpenAICompatibleAdaptor(preset(1));
const channel: ChannelConfig = {
  baseUrl: '',
  key: 'sk-up',
  other: '',
  setting: {},
  organization: 'org-1',
};

describe('OpenAI-compatible adaptor', () => {
  it('keeps the client body, replaces the model and merges stream_options', () => {
    const req = openai.buildRequest({
      format: 'openai',
      body: {
        model: 'alias',
        messages: [],
        temperature: 0,
        stream: true,
        stream_options: { include_obfuscation: false },
      },
      model: 'gpt-4o-2024-08-06',
      stream: true,
      channel,
    });
    expect(req.headers).toEqual({
      authorization: 'Bearer sk-up',
      'openai-organization': 'org-1',
      'content-type': 'application/json',
    });
    expect(JSON.parse(req.body as string)).toEqual({
      model: 'gpt-4o-2024-08-06',
      messages: [],
      temperature: 0,
      stream: true,
      stream_options: { include_obfuscation: false, include_usage: true },
    });
  });

  it('does not add stream_options to a non-stream request', () => {
    const req = openai.buildRequest({
      format: 'openai',
      body: { messages: [] },
      model: 'm',
      stream: false,
      channel,
    });
    expect(JSON.parse(req.body as string)).toEqual({ model: 'm', messages: [] });
  });

  it('sends an OpenAI client JSON as it came when nothing changes, and writes it again otherwise', () => {
    const send = (text: string, model: string, stream: boolean) =>
      openai.buildRequest({
        format: 'openai',
        body: JSON.parse(text) as unknown,
        text,
        model,
        stream,
        channel,
      }).body as string;
    const plain = '{ "model": "gpt-4o", "messages": [{"role":"user","content":"Hi 价格"}] }';
    expect(send(plain, 'gpt-4o', false)).toBe(plain);
    const streamed =
      '{"model":"gpt-4o","messages":[],"stream":true,"stream_options":{"include_usage":true}}';
    expect(send(streamed, 'gpt-4o', true)).toBe(streamed);
    // A stream without stream_options: the usage chunk is asked for in front of the rest.
    const noUsage = ' {"model":"gpt-4o","messages":[],"stream":true}';
    expect(send(noUsage, 'gpt-4o', true)).toBe(
      ' {"stream_options":{"include_usage":true},"model":"gpt-4o","messages":[],"stream":true}',
    );
    // A mapped model, or other stream options to keep: written again.
    expect(JSON.parse(send(plain, 'gpt-4o-2024-08-06', false)).model).toBe('gpt-4o-2024-08-06');
    const otherOptions =
      '{"model":"gpt-4o","messages":[],"stream":true,"stream_options":{"include_usage":false}}';
    expect(send(otherOptions, 'gpt-4o', true)).toBe(
      '{"model":"gpt-4o","messages":[],"stream":true,"stream_options":{"include_usage":true}}',
    );
    // A key given twice, or spelled with escapes, is written once, as the gateway read it.
    const twice = '{"model":"gpt-4o","model":"gpt-4o","messages":[]}';
    expect(send(twice, 'gpt-4o', false)).toBe('{"model":"gpt-4o","messages":[]}');
    const escaped = '{"mod\\u0065l":"o1","model":"gpt-4o","messages":[]}';
    expect(JSON.parse(escaped)).toEqual({ model: 'gpt-4o', messages: [] });
    expect(send(escaped, 'gpt-4o', false)).toBe('{"model":"gpt-4o","messages":[]}');
    const streamTwice = '{"model":"gpt-4o","messages":[],"stream":false,"stream":false}';
    expect(send(streamTwice, 'gpt-4o', false)).toBe(
      '{"model":"gpt-4o","messages":[],"stream":false}',
    );
    const usageTwice =
      '{"model":"gpt-4o","messages":[],"stream":true,"stream_options":{"include_usage":false,"include_usage":true}}';
    expect(send(usageTwice, 'gpt-4o', true)).toBe(
      '{"model":"gpt-4o","messages":[],"stream":true,"stream_options":{"include_usage":true}}',
    );
    // Only the top level names the model: one in a tool's schema or in the text is no duplicate.
    const nested =
      '{"model":"gpt-4o","messages":[{"role":"user","content":"\\"model\\": x"}],' +
      '"tools":[{"type":"function","function":{"name":"f","parameters":{"properties":{"model":{}}}}}]}';
    expect(send(nested, 'gpt-4o', false)).toBe(nested);
  });

  it('converts an Anthropic client request and answer', () => {
    const req = openai.buildRequest({
      format: 'anthropic',
      body: { max_tokens: 10, system: 'S', messages: [{ role: 'user', content: 'hi' }] },
      model: 'gpt-4.1',
      stream: true,
      channel,
    });
    expect(JSON.parse(req.body as string)).toEqual({
      model: 'gpt-4.1',
      messages: [
        { role: 'system', content: 'S' },
        { role: 'user', content: 'hi' },
      ],
      max_tokens: 10,
      stream: true,
      stream_options: { include_usage: true },
    });
    const completion = jsonFixture(import.meta.url, 'chat-completion-tools.json');
    const parsed = openai.parseResponse('anthropic', completion, { model: 'claude-x' });
    expect(parsed.unchanged).toBe(false);
    expect(parsed.body).toMatchObject({
      type: 'message',
      model: 'claude-x',
      stop_reason: 'tool_use',
    });
    expect(parsed.usage).toEqual({
      ...emptyUsage(),
      promptTokens: 18,
      cachedTokens: 64,
      completionTokens: 17,
      reasoningTokens: 5,
    });
  });

  it('returns OpenAI answers unchanged for OpenAI clients', () => {
    const completion = jsonFixture(import.meta.url, 'chat-completion-tools.json');
    const parsed = openai.parseResponse('openai', completion, { model: 'x' });
    expect(parsed.body).toBe(completion);
    expect(parsed.unchanged).toBe(true);
  });

  it('reads the usage of an answer it passes on from its text, or leaves it to the parse', () => {
    const completion = jsonFixture(import.meta.url, 'chat-completion-tools.json');
    const read = (json: unknown) => openai.passedUsage!(JSON.stringify(json));
    // The same usage as the whole answer parsed gives.
    const usage = openai.parseResponse('openai', completion, { model: 'x' }).usage;
    expect(usage?.promptTokens).toBeGreaterThan(0);
    expect(read(completion)).toEqual(usage);
    expect(read({ ...(completion as object), error: null })).toEqual(usage);
    // Whatever is not plainly a completion with usage goes to the parse.
    expect(read({ ...(completion as object), usage: null })).toBeUndefined();
    expect(read({ ...(completion as object), error: { message: 'no' } })).toBeUndefined();
    expect(read({ ...(completion as object), choices: {} })).toBeUndefined();
    expect(read({ usage: { prompt_tokens: 1 } })).toBeUndefined();
    const text = JSON.stringify(completion);
    expect(openai.passedUsage!(text.slice(0, -1))).toBeUndefined();
    expect(openai.passedUsage!(`[${text}]`)).toBeUndefined();
    expect(
      openai.passedUsage!(`${text.slice(0, -1)},"usage":{"prompt_tokens":1}}`),
    ).toBeUndefined();
  });

  it('rejects 2xx answers that carry an error or are not completions', () => {
    const withError = {
      error: { message: 'You exceeded your current quota', type: 'insufficient_quota' },
    };
    expect(() => openai.parseResponse('openai', withError, { model: 'x' })).toThrow(
      /exceeded your current quota/,
    );
    try {
      openai.parseResponse('openai', { hello: 1 }, { model: 'x' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AdaptorError);
      expect((e as AdaptorError).error).toMatchObject({ status: 502, code: 'bad_response_body' });
    }
  });

  it('rejects a client body that is not a chat request', () => {
    expect(() =>
      openai.buildRequest({
        format: 'openai',
        body: { prompt: 'x' },
        model: 'm',
        stream: false,
        channel,
      }),
    ).toThrow(AdaptorError);
  });

  it('forwards JSON endpoints with the upstream model, multipart bytes as they are', () => {
    const forward = openai.forward!;
    expect(forward.endpoints.has('rerank')).toBe(false);
    const json = forward.buildRequest({
      endpoint: 'embeddings',
      body: { json: { model: 'alias', input: ['a'], dimensions: 0 } },
      model: 'text-embedding-3-small',
      stream: false,
      channel,
    });
    expect(json.url).toBe('https://api.openai.com/v1/embeddings');
    expect(JSON.parse(json.body as string)).toEqual({
      model: 'text-embedding-3-small',
      input: ['a'],
      dimensions: 0,
    });
    const raw = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n--b--\r\n',
    );
    const multipart = forward.buildRequest({
      endpoint: 'audio/transcriptions',
      body: { raw, contentType: 'multipart/form-data; boundary=b' },
      model: 'whisper-1',
      stream: false,
      channel,
    });
    expect(multipart.body).toBe(raw);
    expect(multipart.headers['content-type']).toBe('multipart/form-data; boundary=b');
    const completions = forward.buildRequest({
      endpoint: 'completions',
      body: { json: { prompt: 'x', stream: true } },
      model: 'gpt-3.5-turbo-instruct',
      stream: true,
      channel,
    });
    expect(JSON.parse(completions.body as string)).toMatchObject({
      stream_options: { include_usage: true },
    });
    expect(() =>
      forward.buildRequest({
        endpoint: 'rerank',
        body: { json: {} },
        model: 'm',
        stream: false,
        channel,
      }),
    ).toThrow(AdaptorError);
  });

  it('reads forwarded usage, rerank included', () => {
    const siliconflow = createOpenAICompatibleAdaptor(preset(40)).forward!;
    expect(
      siliconflow.usage('rerank', { results: [], usage: { total_tokens: 12 } })?.promptTokens,
    ).toBe(12);
    expect(
      openai.forward!.usage('embeddings', { usage: { prompt_tokens: 8, total_tokens: 8 } })
        ?.promptTokens,
    ).toBe(8);
    expect(openai.forward!.usage('audio/speech', 'binary')).toBeNull();
  });

  it('lists models', () => {
    const req = openai.listModels!.request(channel);
    expect(req).toMatchObject({ method: 'GET', url: 'https://api.openai.com/v1/models' });
    expect(
      openai.listModels!.parse({ object: 'list', data: [{ id: 'gpt-4o' }, { id: 'o3' }, {}] }),
    ).toEqual(['gpt-4o', 'o3']);
  });

  it('has no capabilities the vendor lacks', () => {
    const moonshot = createOpenAICompatibleAdaptor(preset(25));
    expect(moonshot.forward).toBeUndefined();
    expect(createOpenAICompatibleAdaptor(preset(27)).balance).toBeUndefined();
    expect(createOpenAICompatibleAdaptor(preset(27)).listModels).toBeUndefined();
  });
});
