import Anthropic from '@anthropic-ai/sdk';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/test-context.js';
import { balancesOf, consumedQuota, logsOf } from './relay-fixture.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

describe(`the official SDKs against the gateway on ${testDb}`, () => {
  let r: RelayTest;
  let origin = '';
  let openai: OpenAI;
  let anthropic: Anthropic;
  beforeAll(async () => {
    r = await startRelayTest();
    await r.channel({ type: 1, models: ['gpt-4o-mini', 'text-embedding-3-small'] });
    await r.channel({ type: 14, models: ['claude-haiku-4-5'] });
    await r.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(r.app.server.address() as AddressInfo).port}`;
    openai = new OpenAI({ apiKey: r.key, baseURL: `${origin}/v1`, maxRetries: 0 });
    anthropic = new Anthropic({ apiKey: r.key, baseURL: origin, maxRetries: 0 });
  });
  afterAll(() => r.cleanup());

  it('openai: chat completion', async () => {
    const completion = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hello' }],
      temperature: 0,
    });
    expect(completion.choices[0].message.content).toBe('Hello from the fake upstream.');
    expect(completion.usage?.total_tokens).toBe(16);
  });

  it('openai: streamed chat completion with usage', async () => {
    const stream = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hello' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      usage ??= chunk.usage;
    }
    expect(text).toBe('Hello from the fake upstream.');
    expect(usage?.completion_tokens).toBe(5);
  });

  it('openai: Claude model through the OpenAI client, streamed', async () => {
    const stream = await openai.chat.completions.create({
      model: 'claude-haiku-4-5',
      messages: [{ role: 'user', content: 'Hello' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe('Hello from the fake upstream.');
  });

  it('openai: embeddings and models', async () => {
    const embedding = await openai.embeddings.create({
      model: 'text-embedding-3-small',
      input: 'hi',
    });
    expect(embedding.data[0].embedding).toHaveLength(3);
    const models = [];
    for await (const model of openai.models.list()) models.push(model.id);
    expect(models).toEqual(expect.arrayContaining(['gpt-4o-mini', 'claude-haiku-4-5']));
  });

  it('openai: errors surface as typed SDK errors', async () => {
    const bad = new OpenAI({ apiKey: 'sk-nope', baseURL: `${origin}/v1`, maxRetries: 0 });
    await expect(
      bad.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'x' }],
      }),
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('anthropic: message', async () => {
    const message = await anthropic.messages.create({
      model: 'claude-haiku-4-5',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(message.content[0]).toMatchObject({
      type: 'text',
      text: 'Hello from the fake upstream.',
    });
    expect(message.usage.output_tokens).toBe(5);
  });

  it('anthropic: streamed message, also from an OpenAI model', async () => {
    for (const model of ['claude-haiku-4-5', 'gpt-4o-mini']) {
      const stream = anthropic.messages.stream({
        model,
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Hello' }],
      });
      let text = '';
      stream.on('text', (delta) => (text += delta));
      const final = await stream.finalMessage();
      expect(text).toBe('Hello from the fake upstream.');
      expect(final.stop_reason).toBe('end_turn');
    }
  });

  it('anthropic: errors surface as typed SDK errors', async () => {
    const bad = new Anthropic({ apiKey: 'sk-nope', baseURL: origin, maxRetries: 0 });
    await expect(
      bad.messages.create({
        model: 'claude-haiku-4-5',
        max_tokens: 5,
        messages: [{ role: 'user', content: 'x' }],
      }),
    ).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
  });

  it('billed every call: balance moved equals the sum of the logs', async () => {
    const logs = await logsOf(r.ctx, r.userId);
    expect(logs.filter((l) => l.type === 2).length).toBe(7);
    const b = await balancesOf(r.ctx, r.userId);
    expect(10_000_000 - b.quota).toBe(await consumedQuota(r.ctx, r.userId));
  });
});
