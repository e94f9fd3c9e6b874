import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/test-context.js';
import { balancesOf, consumedQuota, logsOf } from './relay-fixture.js';
import { sseEvents, startRelayTest, type RelayTest } from './relay-setup.js';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const weatherTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Weather of a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

type Chunk = {
  choices?: Array<{ delta?: { content?: string; tool_calls?: unknown[] } }>;
  usage?: unknown;
};

function streamedText(body: string): string {
  return sseEvents(body)
    .map((e) => (e.data as Chunk).choices?.[0]?.delta?.content ?? '')
    .join('');
}

describe(`format conversions on ${testDb}`, () => {
  let r: RelayTest;
  beforeAll(async () => {
    r = await startRelayTest();
    await r.channel({ type: 1, models: ['gpt-4o-mini'] });
    await r.channel({ type: 14, models: ['claude-sonnet-4-5'] });
    await r.channel({ type: 24, models: ['gemini-2.5-flash'] });
  });
  beforeEach(() => r.up.reset());
  afterAll(() => r.cleanup());

  describe('OpenAI client, Claude channel', () => {
    it('converts a request with an image and explicit zeros, and the answer back', async () => {
      const res = await r.post('/v1/chat/completions', {
        model: 'claude-sonnet-4-5',
        temperature: 0,
        top_p: 0,
        max_tokens: 50,
        messages: [
          { role: 'system', content: 'Be brief.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: PNG } },
            ],
          },
        ],
      });
      expect(res.statusCode).toBe(200);
      const sent = r.up.requests[0];
      expect(sent.path).toBe('/v1/messages');
      expect(sent.json).toMatchObject({
        model: 'claude-sonnet-4-5',
        temperature: 0,
        top_p: 0,
        max_tokens: 50,
        system: expect.anything(),
      });
      const content = (
        sent.json as {
          messages: Array<{ content: Array<{ type: string; source?: { type: string } }> }>;
        }
      ).messages[0].content;
      expect(content.find((p) => p.type === 'image')?.source?.type).toBe('base64');
      const body = res.json();
      expect(body.object).toBe('chat.completion');
      expect(body.choices[0].message.content).toBe('Hello from the fake upstream.');
      expect(body.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 5 });
    });

    it('converts tools both ways, streaming', async () => {
      r.up.setBehaviour({ toolCall: { name: 'get_weather', arguments: { city: 'Paris' } } });
      const res = await r.post('/v1/chat/completions', {
        model: 'claude-sonnet-4-5',
        stream: true,
        tools: [weatherTool],
        messages: [{ role: 'user', content: 'Weather in Paris?' }],
      });
      expect(res.statusCode).toBe(200);
      expect(
        (r.up.requests[0].json as { tools: Array<{ name: string; input_schema: unknown }> })
          .tools[0],
      ).toMatchObject({
        name: 'get_weather',
        input_schema: { type: 'object' },
      });
      const events = sseEvents(res.body);
      const calls = events.flatMap(
        (e) => (e.data as Chunk).choices?.[0]?.delta?.tool_calls ?? [],
      ) as Array<{
        function?: { name?: string; arguments?: string };
      }>;
      expect(calls[0].function?.name).toBe('get_weather');
      expect(JSON.parse(calls.map((c) => c.function?.arguments ?? '').join(''))).toEqual({
        city: 'Paris',
      });
      expect(events.at(-1)?.data).toBe('[DONE]');
    });

    it('streams text with usage when asked', async () => {
      const res = await r.post('/v1/chat/completions', {
        model: 'claude-sonnet-4-5',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(streamedText(res.body)).toBe('Hello from the fake upstream.');
      expect(sseEvents(res.body).some((e) => (e.data as Chunk).usage)).toBe(true);
      const log = (await logsOf(r.ctx, r.userId)).at(-1)!;
      expect(log).toMatchObject({
        model_name: 'claude-sonnet-4-5',
        prompt_tokens: 11,
        completion_tokens: 5,
        is_stream: 1,
      });
    });
  });

  describe('OpenAI client, Gemini channel', () => {
    it('converts a request with an image and explicit zeros, and the answer back', async () => {
      const res = await r.post('/v1/chat/completions', {
        model: 'gemini-2.5-flash',
        temperature: 0,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: PNG } },
            ],
          },
        ],
      });
      expect(res.statusCode).toBe(200);
      const sent = r.up.requests[0];
      expect(sent.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
      expect(sent.json).toMatchObject({ generationConfig: { temperature: 0 } });
      const parts = (sent.json as { contents: Array<{ parts: Array<{ inlineData?: unknown }> }> })
        .contents[0].parts;
      expect(parts.some((p) => p.inlineData)).toBe(true);
      expect(res.json().choices[0].message.content).toBe('Hello from the fake upstream.');
    });

    it('streams and converts tool calls', async () => {
      const text = await r.post('/v1/chat/completions', {
        model: 'gemini-2.5-flash',
        stream: true,
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(streamedText(text.body)).toBe('Hello from the fake upstream.');
      r.up.setBehaviour({ toolCall: { name: 'get_weather', arguments: { city: 'Oslo' } } });
      const tool = await r.post('/v1/chat/completions', {
        model: 'gemini-2.5-flash',
        tools: [weatherTool],
        messages: [{ role: 'user', content: 'Weather in Oslo?' }],
      });
      const call = tool.json().choices[0].message.tool_calls[0];
      expect(call.function.name).toBe('get_weather');
      expect(JSON.parse(call.function.arguments)).toEqual({ city: 'Oslo' });
    });
  });

  describe('Anthropic client, OpenAI channel', () => {
    const headers = () => ({ 'x-api-key': r.key, 'anthropic-version': '2023-06-01' });

    it('converts a request with explicit zeros and the answer back', async () => {
      const res = await r.post(
        '/v1/messages',
        {
          model: 'gpt-4o-mini',
          max_tokens: 64,
          temperature: 0,
          system: 'Be brief.',
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'Hi' },
                {
                  type: 'image',
                  source: { type: 'base64', media_type: 'image/png', data: PNG.split(',')[1] },
                },
              ],
            },
          ],
        },
        headers(),
      );
      expect(res.statusCode).toBe(200);
      const sent = r.up.requests[0];
      expect(sent.path).toBe('/v1/chat/completions');
      expect(sent.json).toMatchObject({ model: 'gpt-4o-mini', temperature: 0 });
      const messages = (sent.json as { messages: Array<{ role: string; content: unknown }> })
        .messages;
      expect(messages[0]).toMatchObject({ role: 'system' });
      expect(JSON.stringify(messages[1].content)).toContain('image_url');
      expect(res.json()).toMatchObject({
        type: 'message',
        role: 'assistant',
        content: [{ type: 'text', text: 'Hello from the fake upstream.' }],
        usage: { input_tokens: 11, output_tokens: 5 },
      });
    });

    it('streams tool use in Anthropic events', async () => {
      r.up.setBehaviour({ toolCall: { name: 'get_weather', arguments: { city: 'Rome' } } });
      const res = await r.post(
        '/v1/messages',
        {
          model: 'gpt-4o-mini',
          max_tokens: 64,
          stream: true,
          tools: [
            {
              name: 'get_weather',
              description: 'Weather',
              input_schema: { type: 'object', properties: { city: { type: 'string' } } },
            },
          ],
          messages: [{ role: 'user', content: 'Weather in Rome?' }],
        },
        headers(),
      );
      expect(res.statusCode).toBe(200);
      expect((r.up.requests[0].json as { tools: unknown[] }).tools[0]).toMatchObject({
        type: 'function',
        function: { name: 'get_weather' },
      });
      const events = sseEvents(res.body);
      const start = events.find(
        (e) =>
          e.event === 'content_block_start' &&
          (e.data as { content_block: { type: string } }).content_block.type === 'tool_use',
      );
      expect(start).toBeTruthy();
      const json = events
        .filter((e) => e.event === 'content_block_delta')
        .map((e) => (e.data as { delta: { partial_json?: string } }).delta.partial_json ?? '')
        .join('');
      expect(JSON.parse(json)).toEqual({ city: 'Rome' });
      expect(events.at(-1)?.event).toBe('message_stop');
    });
  });

  it('passes explicit 0 and false through to an OpenAI upstream untouched', async () => {
    await r.post('/v1/chat/completions', {
      model: 'gpt-4o-mini',
      temperature: 0,
      top_p: 0,
      presence_penalty: 0,
      frequency_penalty: 0,
      logprobs: false,
      parallel_tool_calls: false,
      seed: 0,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(r.up.requests[0].json).toMatchObject({
      temperature: 0,
      top_p: 0,
      presence_penalty: 0,
      frequency_penalty: 0,
      logprobs: false,
      parallel_tool_calls: false,
      seed: 0,
    });
  });

  it('keeps balance moved equal to the sum of the logs', async () => {
    const b = await balancesOf(r.ctx, r.userId);
    expect(10_000_000 - b.quota).toBe(await consumedQuota(r.ctx, r.userId));
  });
});
