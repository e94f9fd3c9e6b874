import { LogType } from '@gateway/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/test-context.js';
import { balancesOf, consumedQuota, logsOf } from './relay-fixture.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

const startingQuota = 10_000_000;
const chat = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello there.' }] };

/** A chat completion as an upstream writes it, with `extra` top-level fields. */
const completion = (
  extra: Record<string, unknown>,
  content = 'Hi! 👋 Grüße, "friend" {"usage":{}}',
) =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    ...extra,
  });
const usage = {
  prompt_tokens: 1000,
  completion_tokens: 2000,
  total_tokens: 3000,
  prompt_tokens_details: { cached_tokens: 0 },
};

describe(`whole answers read by their usage on ${testDb}`, () => {
  let r: RelayTest;
  beforeAll(async () => {
    r = await startRelayTest();
    await r.channel({ models: ['gpt-4o-mini'] });
  });
  beforeEach(() => r.up.reset());
  afterAll(() => r.cleanup());

  /** Sends one non-stream request answered with `body` (status 200); its consume logs. */
  async function answeredWith(body: string) {
    r.up.setBehaviour({ error: { status: 200, rawBody: body } });
    const caller = await r.newCaller(startingQuota);
    const res = await r.post('/v1/chat/completions', chat, {
      authorization: `Bearer ${caller.key}`,
    });
    const consumed = (await logsOf(r.ctx, caller.userId)).filter((l) => l.type === LogType.consume);
    const { quota } = await balancesOf(r.ctx, caller.userId);
    // Whatever happened, the balance moved by exactly what the logs say.
    expect(startingQuota - quota).toBe(await consumedQuota(r.ctx, caller.userId));
    return { res, consumed };
  }

  it('bills a completion by its usage and forwards it byte for byte', async () => {
    const body = completion({ usage, error: null, system_fingerprint: 'fp_1' });
    const { res, consumed } = await answeredWith(body);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(Buffer.from(body))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(body));
    expect(consumed).toHaveLength(1);
    expect(consumed[0]).toMatchObject({ prompt_tokens: 1000, completion_tokens: 2000 });
    expect(JSON.parse(consumed[0]!.other)).not.toHaveProperty('local_count_tokens');
  });

  it('takes the top-level usage, not one nested in the answer', async () => {
    const nested = JSON.stringify({
      ...JSON.parse(completion({})),
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, usage }],
    });
    const { res, consumed } = await answeredWith(nested);
    expect(res.statusCode).toBe(200);
    // No usage of the answer's own: counted, as an answer without usage is.
    expect(consumed[0]).toMatchObject({ prompt_tokens: expect.any(Number) });
    expect(consumed[0]!.completion_tokens).toBeLessThan(10);
    expect(JSON.parse(consumed[0]!.other)).toMatchObject({ local_count_tokens: true });
  });

  it.each([
    ['an HTML page', '<html><body>Bad Gateway</body></html>'],
    ['a cut completion', completion({ usage }).slice(0, -40)],
    ['a completion with text after it', `${completion({ usage })} trailing`],
    ['an error that carries usage', completion({ usage, error: { message: 'overloaded' } })],
    ['an object without choices', JSON.stringify({ id: 'x', usage })],
  ])('refuses %s with 200 and refunds it', async (_name, body) => {
    const { res, consumed } = await answeredWith(body);
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.json()).toMatchObject({ error: { message: expect.any(String) } });
    expect(consumed).toHaveLength(0);
  });
});
