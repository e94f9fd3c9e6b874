import { LogType } from '@gateway/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/test-context.js';
import { balancesOf, consumedQuota, logsOf } from './relay-fixture.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

const startingQuota = 10_000_000;
const chat = (stream: boolean) => ({
  model: 'gpt-4o-mini',
  stream,
  messages: [{ role: 'user', content: 'Say something long.' }],
});
const messages = (stream: boolean) => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 256,
  stream,
  messages: [{ role: 'user', content: 'Say something long.' }],
});

describe(`partial answers and answers without usage on ${testDb}`, () => {
  let r: RelayTest;
  beforeAll(async () => {
    r = await startRelayTest();
    await r.channel({ models: ['gpt-4o-mini'] });
    await r.channel({ type: 14, models: ['claude-sonnet-4-5'] });
  });
  beforeEach(() => r.up.reset());
  afterAll(() => r.cleanup());

  /** A fresh caller, the only consume log of its one request, and its balance check. */
  async function oneRequest(url: string, body: unknown) {
    const caller = await r.newCaller(startingQuota);
    const res = await r.post(url, body, { authorization: `Bearer ${caller.key}` });
    const logs = await logsOf(r.ctx, caller.userId);
    const consumed = logs.filter((l) => l.type === LogType.consume);
    const balance = await balancesOf(r.ctx, caller.userId);
    // Whatever happened, the balance moved by exactly what the logs say.
    expect(startingQuota - balance.quota).toBe(await consumedQuota(r.ctx, caller.userId));
    expect(consumed).toHaveLength(1);
    const log = consumed[0];
    return { res, log, other: JSON.parse(log.other) as Record<string, unknown> };
  }

  it('bills a stream the upstream cuts after content was delivered, and says so', async () => {
    r.up.setBehaviour({ chunks: 12, chunkDelayMs: 2, cutAfterEvents: 6 });
    const { res, log, other } = await oneRequest('/v1/chat/completions', chat(true));
    expect(res.body).toContain(' w0');
    expect(res.body).not.toContain('data: [DONE]');
    expect(res.body).toContain('error');
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
    expect(other).toMatchObject({ partial: true, stream_status: 'upstream_cut' });
  });

  it('bills an Anthropic stream cut mid-answer the same way', async () => {
    r.up.setBehaviour({ chunks: 12, chunkDelayMs: 2, cutAfterEvents: 6 });
    const { res, log, other } = await oneRequest('/v1/messages', messages(true));
    expect(res.body).toContain(' w0');
    expect(res.body).not.toContain('message_stop');
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(other).toMatchObject({ partial: true, stream_status: 'upstream_cut' });
  });

  it('still refunds a stream that broke before anything was delivered', async () => {
    r.up.setBehaviour({ chunks: 12, cutAfterEvents: 0 });
    const caller = await r.newCaller(startingQuota);
    const res = await r.post('/v1/chat/completions', chat(true), {
      authorization: `Bearer ${caller.key}`,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect((await balancesOf(r.ctx, caller.userId)).quota).toBe(startingQuota);
    const logs = await logsOf(r.ctx, caller.userId);
    expect(logs.filter((l) => l.type === LogType.consume)).toEqual([]);
  });

  it('counts the completion of a non-stream answer without usage, as the stream does', async () => {
    r.up.setBehaviour({ chunks: 40, omitUsage: true });
    const whole = await oneRequest('/v1/chat/completions', chat(false));
    r.up.setBehaviour({ chunks: 40, omitUsage: true });
    const streamed = await oneRequest('/v1/chat/completions', chat(true));
    expect(whole.log.completion_tokens).toBeGreaterThan(0);
    expect(whole.log.completion_tokens).toBe(streamed.log.completion_tokens);
    expect(whole.log.prompt_tokens).toBe(streamed.log.prompt_tokens);
    expect(whole.log.quota).toBe(streamed.log.quota);
    expect(whole.other).toMatchObject({ local_count_tokens: true });
  });

  it('counts the completion of an Anthropic answer without usage on /v1/messages', async () => {
    r.up.setBehaviour({ chunks: 40, omitUsage: true });
    const whole = await oneRequest('/v1/messages', messages(false));
    r.up.setBehaviour({ chunks: 40, omitUsage: true });
    const streamed = await oneRequest('/v1/messages', messages(true));
    expect(whole.log.completion_tokens).toBeGreaterThan(0);
    expect(whole.log.completion_tokens).toBe(streamed.log.completion_tokens);
    expect(whole.log.quota).toBe(streamed.log.quota);
  });
});
