import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@gateway/shared';
import { randomAlphanumeric } from '../../src/lib/random.js';
import {
  awayFromMinuteEnd,
  startCountingUpstream,
  type CountingUpstream,
} from '../helpers/counting-upstream.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { newUser } from '../tokens/console-helpers.js';
import {
  createIsolatedDb,
  createTestApp,
  testRedis,
  type IsolatedDb,
  type TestApp,
} from '../helpers/test-context.js';
import { seedChannel, seedToken, seedUser } from './relay-fixture.js';

const chat = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

function post(
  app: FastifyInstance,
  key: string,
  url = '/v1/chat/completions',
  payload: unknown = chat,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${key}`, 'x-api-key': key.slice(3) },
    payload: payload as Record<string, unknown>,
  });
}

const statuses = (responses: LightMyRequestResponse[]) => {
  const out: Record<number, number> = {};
  for (const r of responses) out[r.statusCode] = (out[r.statusCode] ?? 0) + 1;
  return out;
};

describe('admission caps', () => {
  let t: TestApp;
  let up: CountingUpstream;
  let model = 0;
  /** A model of its own per test, so channels of earlier tests never serve it. */
  const nextModel = () => `cap-model-${++model}`;

  beforeAll(async () => {
    t = await createTestApp();
    up = await startCountingUpstream();
    await t.ctx.settings.set('RetryTimes', '0');
    const ratios = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`cap-model-${i + 1}`, 0.075]),
    );
    await t.ctx.settings.set('ModelRatio', JSON.stringify(ratios));
  });
  afterEach(() => {
    up.reset();
    up.latencyMs = 40;
  });
  afterAll(async () => {
    await t?.cleanup();
    await up?.close();
  });

  async function caller(token: Parameters<typeof seedToken>[2] = {}) {
    const userId = await seedUser(t.ctx, { quota: 1_000_000_000 });
    const { key, id } = await seedToken(t.ctx, userId, token);
    return { userId, key, tokenId: id };
  }

  it('never lets more than the cap in flight on a channel; the rest get 429 with Retry-After', async () => {
    const name = nextModel();
    await seedChannel(t.ctx, {
      baseUrl: up.url,
      models: [name],
      key: 'sk-capped-5',
      maxConcurrency: 5,
    });
    const { key } = await caller();
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => post(t.app, key, undefined, { ...chat, model: name })),
    );
    const counts = statuses(responses);
    expect(up.peak.get('sk-capped-5')).toBeLessThanOrEqual(5);
    expect(counts[200]).toBe(up.served.get('sk-capped-5'));
    expect(counts[200]).toBeGreaterThanOrEqual(5);
    expect((counts[200] ?? 0) + (counts[429] ?? 0)).toBe(200);
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const body = refused.json<{ error: { message: string; type: string; code: string } }>();
    expect(body.error.code).toBe('channel_capacity_full');
    expect(body.error.message).toContain(name);
    await t.ctx.billing.flush();
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('sends the overflow to the next channel without using up a retry', async () => {
    const name = nextModel();
    await seedChannel(t.ctx, {
      baseUrl: up.url,
      models: [name],
      key: 'sk-first-3',
      priority: 10,
      maxConcurrency: 3,
    });
    await seedChannel(t.ctx, { baseUrl: up.url, models: [name], key: 'sk-overflow' });
    const { key } = await caller();
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => post(t.app, key, undefined, { ...chat, model: name })),
    );
    expect(statuses(responses)).toEqual({ 200: 200 });
    expect(up.peak.get('sk-first-3')).toBeLessThanOrEqual(3);
    expect(up.served.get('sk-first-3')! + up.served.get('sk-overflow')!).toBe(200);
    expect(up.served.get('sk-overflow')).toBeGreaterThan(0);
  });

  it('caps requests per minute, in the Anthropic shape on /v1/messages', async () => {
    const name = nextModel();
    await seedChannel(t.ctx, { baseUrl: up.url, models: [name], key: 'sk-rpm-4', maxRpm: 4 });
    const { key } = await caller();
    up.latencyMs = 0;
    await awayFromMinuteEnd();
    const responses: LightMyRequestResponse[] = [];
    for (let i = 0; i < 10; i++) {
      responses.push(
        await post(t.app, key, '/v1/messages', {
          model: name,
          max_tokens: 16,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      );
    }
    expect(
      responses.map((r) => r.statusCode),
      responses.map((r) => `${r.statusCode} ${r.body.slice(0, 150)}`).join('\n'),
    ).toEqual([200, 200, 200, 200, ...Array(6).fill(429)]);
    const refused = responses.find((r) => r.statusCode === 429)!;
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    const body = refused.json<{ type: string; error: { type: string; message: string } }>();
    expect(body.type).toBe('error');
    expect(body.error.type).toBe('rate_limit_error');
  });

  it('holds a key to its parallel requests', async () => {
    const name = nextModel();
    await seedChannel(t.ctx, { baseUrl: up.url, models: [name], key: 'sk-open' });
    const { key } = await caller({ maxParallel: 3 });
    const responses = await Promise.all(
      Array.from({ length: 60 }, () => post(t.app, key, undefined, { ...chat, model: name })),
    );
    const counts = statuses(responses);
    expect(up.peak.get('sk-open')).toBeLessThanOrEqual(3);
    expect(counts[200]).toBeGreaterThanOrEqual(3);
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('token_parallel_limited');
    expect(refused.headers['retry-after']).toBe('1');
    // Slots come back: once the burst is over the key works again.
    expect((await post(t.app, key, undefined, { ...chat, model: name })).statusCode).toBe(200);
  });

  it("counts a key's and a user's tokens per minute at settlement", async () => {
    const name = nextModel();
    await seedChannel(t.ctx, { baseUrl: up.url, models: [name], key: 'sk-tpm' });
    up.latencyMs = 0;
    await awayFromMinuteEnd();
    // Each answer is 50 tokens (30 + 20): the key's 100 allows two, the third waits.
    const { key, tokenId } = await caller({ tpmLimit: 100 });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      codes.push((await post(t.app, key, undefined, { ...chat, model: name })).statusCode);
    }
    const third = await post(t.app, key, undefined, { ...chat, model: name });
    expect(codes).toEqual([200, 200, 429]);
    expect(third.json<{ error: { code: string } }>().error.code).toBe('token_tpm_limited');
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(60);
    const use = await t.app.inject({
      method: 'GET',
      url: `/api/token/capacity?ids=${tokenId}`,
      headers: await headersOf(
        t,
        (
          await t.ctx.db
            .selectFrom('tokens')
            .select('user_id')
            .where('id', '=', tokenId)
            .executeTakeFirstOrThrow()
        ).user_id,
      ),
    });
    expect(use.json<{ data: Record<string, unknown> }>().data).toEqual({
      [String(tokenId)]: { in_flight: 0, this_minute: 100 },
    });

    const other = await caller();
    await t.ctx.db
      .updateTable('users')
      .set({ tpm_limit: 50 })
      .where('id', '=', other.userId)
      .execute();
    await t.ctx.users.invalidate(other.userId);
    const first = await post(t.app, other.key, undefined, { ...chat, model: name });
    const second = await post(t.app, other.key, undefined, { ...chat, model: name });
    expect(first.statusCode).toBe(200);
    expect(second.json<{ error: { code: string } }>().error.code).toBe('user_tpm_limited');
  });

  it('shows root what capped channels use right now', async () => {
    const name = nextModel();
    const channelId = await seedChannel(t.ctx, {
      baseUrl: up.url,
      models: [name],
      key: 'sk-watch',
      maxConcurrency: 2,
      maxRpm: 1000,
    });
    const { key } = await caller();
    up.latencyMs = 300;
    await awayFromMinuteEnd();
    const inFlight = Promise.all(
      [1, 2].map(() => post(t.app, key, undefined, { ...chat, model: name })),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    const root = (await newUser(t.ctx, Role.root)).headers;
    const during = await t.app.inject({
      method: 'GET',
      url: `/api/channel/capacity?ids=${channelId}`,
      headers: root,
    });
    expect(during.json().data[String(channelId)]).toEqual({ in_flight: 2, this_minute: 2 });
    await inFlight;
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/channel/capacity?ids=${channelId}`,
      headers: root,
    });
    expect(after.json().data[String(channelId)].in_flight).toBe(0);
  });
});

/** Console headers of a user, signed in by a personal access token made here. */
async function headersOf(t: TestApp, userId: number): Promise<Record<string, string>> {
  const token = randomAlphanumeric(32);
  await t.ctx.db
    .updateTable('users')
    .set({ access_token: token })
    .where('id', '=', userId)
    .execute();
  return { authorization: token, 'new-api-user': String(userId) };
}

describe.skipIf(!testRedis)('admission caps across two instances (Redis)', () => {
  let isolated: IsolatedDb;
  let a: TestApp;
  let b: TestApp;
  let up: CountingUpstream;

  beforeAll(async () => {
    isolated = await createIsolatedDb();
    a = await createTestApp({ reuse: isolated });
    b = await createTestApp({ reuse: isolated });
    up = await startCountingUpstream();
    await a.ctx.settings.set('RetryTimes', '0');
  });
  afterAll(async () => {
    await a?.cleanup();
    await b?.cleanup();
    await isolated?.drop();
    await up?.close();
  });

  it('holds the cap of a channel over both instances', async () => {
    await seedChannel(a.ctx, {
      baseUrl: up.url,
      models: ['gpt-4o-mini'],
      key: 'sk-shared-4',
      maxConcurrency: 4,
    });
    await b.ctx.channels.refresh();
    const userId = await seedUser(a.ctx, { quota: 1_000_000_000 });
    const { key } = await seedToken(a.ctx, userId);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => post(i % 2 ? a.app : b.app, key)),
    );
    const counts = statuses(responses);
    expect(up.peak.get('sk-shared-4')).toBeLessThanOrEqual(4);
    expect(counts[200]).toBe(up.served.get('sk-shared-4'));
    expect((counts[200] ?? 0) + (counts[429] ?? 0)).toBe(200);
  });
});
