import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/test-context.js';
import { logsOf, seedChannel } from './relay-fixture.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

const chat = (content: string) =>
  JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content }] });

describe(`compressed request bodies on ${testDb}`, () => {
  let r: RelayTest;

  beforeAll(async () => {
    // A 1 MB limit, so that a bomb is cheap to build.
    r = await startRelayTest({ MAX_REQUEST_BODY_MB: '1' });
    await seedChannel(r.ctx, { baseUrl: r.up.url, models: ['gpt-4o-mini'] });
  });
  afterAll(async () => {
    await r?.cleanup();
  });

  const send = (
    url: string,
    body: Buffer,
    encoding: string,
    headers: Record<string, string> = {},
  ) =>
    r.app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${r.key}`,
        'content-type': 'application/json',
        'content-encoding': encoding,
        ...headers,
      },
      payload: body,
    });

  it('relays gzip, deflate and brotli bodies and bills them', async () => {
    for (const [encoding, pack] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      const res = await send(
        '/v1/chat/completions',
        pack(Buffer.from(chat(`hello ${encoding}`))),
        encoding,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    await r.ctx.billing.flush();
    expect((await logsOf(r.ctx, r.userId)).length).toBeGreaterThanOrEqual(3);
    const upstreamSaw = r.up.requests.map((q) => JSON.stringify(q.json));
    expect(upstreamSaw.some((text) => text.includes('hello br'))).toBe(true);
  });

  it('refuses a bomb past the limit after decompression, in each error shape', async () => {
    // 20 MB of text that gzip packs into about 20 KB.
    const bomb = gzipSync(Buffer.from(chat('a'.repeat(20 * 1024 * 1024))));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const relay = await send('/v1/chat/completions', bomb, 'gzip');
    expect(relay.statusCode).toBe(413);
    expect(relay.json<{ error: { message: string } }>().error.message).toMatch(/too large/i);
    const api = await send('/api/setup', bomb, 'gzip');
    expect(api.statusCode, api.body).toBe(413);
    expect(api.json()).toMatchObject({ success: false });
    // Nothing was relayed or billed for it.
    expect(r.up.requests.every((q) => q.body.length < 1024 * 1024)).toBe(true);
  });

  it('refuses an unknown encoding with 415 and a broken stream with 400', async () => {
    const zstd = await send('/v1/chat/completions', Buffer.from(chat('hi')), 'zstd');
    expect(zstd.statusCode).toBe(415);
    expect(zstd.json<{ error: { type: string } }>().error).toBeDefined();
    const broken = await send('/v1/chat/completions', Buffer.from('not gzip at all'), 'gzip');
    expect(broken.statusCode).toBe(400);
    expect(broken.body).not.toMatch(/at .*\.ts:|node_modules/);
  });

  it('keeps the plain body limit too', async () => {
    const res = await r.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer ${r.key}`, 'content-type': 'application/json' },
      payload: chat('b'.repeat(2 * 1024 * 1024)),
    });
    expect(res.statusCode).toBe(413);
  });
});
