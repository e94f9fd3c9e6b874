import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/test-context.js';
import { balancesOf, consumedQuota, logsOf } from './relay-fixture.js';
import { listenLocally, openChatStream, startRelayTest, type RelayTest } from './relay-setup.js';

async function waitFor(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe(`a client that disconnects mid-stream on ${testDb}`, () => {
  let r: RelayTest;
  let port = 0;
  beforeAll(async () => {
    r = await startRelayTest();
    await r.channel({ models: ['gpt-4o-mini'] });
    port = await listenLocally(r);
  });
  afterAll(() => r.cleanup());

  it('aborts the upstream and is billed for what was delivered', async () => {
    r.up.setBehaviour({ chunks: 300, chunkDelayMs: 10 });
    const { req, res } = await openChatStream(r, port, {
      messages: [{ role: 'user', content: 'count' }],
    });
    expect(res.statusCode).toBe(200);
    res.on('error', () => undefined);
    let received = '';
    await new Promise<void>((resolve) => {
      res.on('data', (chunk: Buffer) => {
        received += chunk.toString();
        if ((received.match(/"content":" w\d+"/g) ?? []).length >= 5) {
          req.destroy();
          resolve();
        }
      });
    });
    await waitFor(() => r.up.requests.at(-1)?.aborted === true);
    await waitFor(async () => (await logsOf(r.ctx, r.userId)).length === 1);
    const log = (await logsOf(r.ctx, r.userId))[0];
    const other = JSON.parse(log.other);
    expect(log.type).toBe(2);
    expect(other).toMatchObject({ stream_status: 'client_gone', local_count_tokens: true });
    // Only part of the 300 pieces (about 2 tokens each) went out before the client left.
    expect(log.completion_tokens).toBeGreaterThanOrEqual(5);
    expect(log.completion_tokens).toBeLessThan(300);
    expect(log.quota).toBeGreaterThan(0);
    const b = await balancesOf(r.ctx, r.userId);
    expect(10_000_000 - b.quota).toBe(await consumedQuota(r.ctx, r.userId));
    expect(await r.ctx.db.selectFrom('reservations').selectAll().execute()).toEqual([]);
  });

  it('bills what a stream delivered before its upstream broke', async () => {
    const before = await balancesOf(r.ctx, r.userId);
    r.up.setBehaviour({ chunks: 300, chunkDelayMs: 10 });
    const reading = fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${r.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        stream: true,
        messages: [{ role: 'user', content: 'x' }],
      }),
    }).then((res) => res.text());
    await waitFor(() => r.up.requests.length >= 2);
    await new Promise((done) => setTimeout(done, 60));
    // The upstream dies mid-answer.
    await r.up.close();
    const text = await reading;
    expect(text).toContain('"error"');
    await waitFor(async () => (await logsOf(r.ctx, r.userId)).length === 2);
    const log = (await logsOf(r.ctx, r.userId))[1];
    // The client keeps the text it received, so it pays for it (counted, as no usage came).
    expect(log.type).toBe(2);
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(JSON.parse(log.other)).toMatchObject({ partial: true, stream_status: 'upstream_cut' });
    expect((await balancesOf(r.ctx, r.userId)).quota).toBe(before.quota - Number(log.quota));
  });
});
