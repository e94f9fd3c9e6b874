import { LogType, logBilling } from '@gateway/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// The round trip ends in the console's own reader (a test may cross the line the server may not).
// eslint-disable-next-line no-restricted-imports
import { parseBilling } from '../../../web/src/features/log/lib/billing.js';
import { startRelayTest, type RelayTest } from '../relay/relay-setup.js';
import { testDb } from '../helpers/test-context.js';

/**
 * The log's billing detail from the relay to the console: every `other` the relay writes
 * (consume, stream, partial, error) holds only fields of the shared `logBilling` schema with
 * their declared types, and the console's reader shows them.
 */
describe(`log billing detail, relay to console, on ${testDb}`, () => {
  let r: RelayTest;

  beforeAll(async () => {
    r = await startRelayTest();
    await r.channel({ models: ['gpt-4o-mini'] });
    await r.ctx.settings.set('ErrorLogEnabled', 'true');
  });
  beforeEach(() => r.up.reset());
  afterAll(() => r.cleanup());

  /** The newest log of a type, once settlement has written it. */
  async function lastLog(type: number) {
    await r.ctx.billing.flush();
    return r.ctx.db
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', type)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  }

  const chat = (stream = false) =>
    r.post('/v1/chat/completions', {
      model: 'gpt-4o-mini',
      stream,
      messages: [{ role: 'user', content: 'hello there' }],
    });

  it('writes a consume detail the console reads field by field', async () => {
    r.up.setBehaviour({ usage: { promptTokens: 120, completionTokens: 30, cachedTokens: 20 } });
    expect((await chat()).statusCode).toBe(200);
    const log = await lastLog(LogType.consume);
    const stored = logBilling.strict().parse(JSON.parse(log.other));
    const shown = parseBilling(log.other);
    expect(shown).toMatchObject({
      kind: 'ratio',
      modelRatio: stored.model_ratio,
      completionRatio: stored.completion_ratio,
      cacheRatio: stored.cache_ratio,
      groupRatio: 1,
      requestPath: '/v1/chat/completions',
      upstreamModel: 'gpt-4o-mini',
      mapped: false,
      channels: stored.use_channel,
      partial: undefined,
    });
    expect(stored).toMatchObject({ cache_tokens: 20, text_output: 30 });
    // The formula is the row's content (the console falls back to it), not repeated in `other`.
    expect(stored.formula).toBeUndefined();
    expect(log.content).toMatch(/= \d+$/);
    expect(shown.reservedQuota).toBeGreaterThan(0);
  });

  it('writes the partial answer of a cut stream the same way', async () => {
    r.up.setBehaviour({ chunks: 12, chunkDelayMs: 2, cutAfterEvents: 6, omitUsage: true });
    await chat(true);
    const log = await lastLog(LogType.consume);
    const stored = logBilling.strict().parse(JSON.parse(log.other));
    expect(stored).toMatchObject({ partial: true, stream_status: 'upstream_cut' });
    expect(parseBilling(log.other)).toMatchObject({ partial: 'upstream_cut', localCount: true });
  });

  it('writes an error detail the console reads', async () => {
    r.up.setBehaviour({ error: { status: 400, message: 'bad model', code: 'model_not_found' } });
    expect((await chat()).statusCode).toBe(400);
    const log = await lastLog(LogType.error);
    const stored = logBilling.strict().parse(JSON.parse(log.other));
    expect(parseBilling(log.other)).toMatchObject({
      statusCode: 400,
      errorCode: 'model_not_found',
      errorType: stored.error_type,
      refundedQuota: stored.refunded_quota,
      requestPath: '/v1/chat/completions',
    });
  });
});
