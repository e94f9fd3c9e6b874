import { Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTask } from '../../src/db/queries/tasks.js';
import { periodStart } from '../../src/lib/budget-period.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { createTestApp, testDb, testRedis, type TestApp } from '../helpers/test-context.js';
import {
  startFakeMidjourney,
  startFakeOpenAIVideos,
  startFakeSuno,
  type FakeMidjourney,
  type FakeOpenAIVideos,
  type FakeSuno,
} from '../fake-tasks/index.js';
import { balancesOf, seedChannel, seedToken, seedUser } from '../relay/relay-fixture.js';
import { newUser } from '../tokens/console-helpers.js';

/** Default prices: an imagine and a song cost 0.1 USD; a 4-second sora-2 video 4 × 0.1 USD. */
const imaginePrice = 50_000;
const songPrice = 50_000;
const videoPrice = 200_000;

/**
 * Drawings, music and videos pass the same controls as every relay request: the key's and the
 * user's budgets, the key's rate limit (with its own message), the level's limits and the
 * channels' admission caps. Each answer comes in the platform's own shape.
 */
describe(`task submits under the relay's controls on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;
  let mj: FakeMidjourney;
  let capped: FakeMidjourney;
  let suno: FakeSuno;
  let sora: FakeOpenAIVideos;

  beforeAll(async () => {
    t = await createTestApp();
    await newUser(t.ctx, Role.root);
    mj = await startFakeMidjourney({ slowMs: 400 });
    capped = await startFakeMidjourney({ slowMs: 400 });
    suno = await startFakeSuno({ token: 'suno-key' });
    sora = await startFakeOpenAIVideos({ key: 'sk-sora' });
    await seedChannel(t.ctx, { type: 2, baseUrl: mj.url, models: ['mj_imagine'] });
    // The capped channel serves its own group only: one submit in flight, three a minute.
    await seedChannel(t.ctx, {
      type: 2,
      baseUrl: capped.url,
      models: ['mj_imagine'],
      group: 'capped',
      maxConcurrency: 1,
      maxRpm: 3,
    });
    await seedChannel(t.ctx, {
      type: 36,
      baseUrl: suno.url,
      key: 'suno-key',
      models: ['suno_music'],
    });
    await seedChannel(t.ctx, { type: 55, baseUrl: sora.url, key: 'sk-sora', models: ['sora-2'] });
    await t.ctx.settings.set(
      'ModelPrice',
      JSON.stringify({ 'sora-2': 0.1, mj_imagine: 0.1, suno_music: 0.1 }),
    );
    await t.ctx.settings.set('GroupRatio', JSON.stringify({ default: 1, capped: 1 }));
  });
  afterAll(async () => {
    await t.cleanup();
    await Promise.all([mj.close(), capped.close(), suno.close(), sora.close()]);
  });

  /** A submit of each platform, in its own route and body. */
  const submits = {
    midjourney: { url: '/mj/submit/imagine', body: { prompt: 'a red fox' }, price: imaginePrice },
    suno: {
      url: '/suno/submit/music',
      body: { gpt_description_prompt: 'a sea song' },
      price: songPrice,
    },
    video: {
      url: '/v1/videos',
      body: { model: 'sora-2', prompt: 'a paper boat', seconds: '4', size: '720x1280' },
      price: videoPrice,
    },
  } as const;
  type Platform = keyof typeof submits;

  const submit = (platform: Platform, key: string, body?: object) =>
    t.app.inject({
      method: 'POST',
      url: submits[platform].url,
      headers: { authorization: `Bearer ${key}` },
      payload: body ?? submits[platform].body,
    });

  /** The error code of a refusal, in each platform's shape. */
  const refusalCode = (platform: Platform, body: Record<string, unknown>): unknown =>
    platform === 'midjourney'
      ? body.type
      : platform === 'suno'
        ? body.code
        : (body.error as { code: string }).code;

  /** A key whose daily budget (on the key, or on its user) is `quota`. */
  async function budgeted(on: 'token' | 'user', quota: number) {
    const userId = await seedUser(t.ctx, { quota: 10_000_000 });
    const token = await seedToken(t.ctx, userId);
    await t.ctx.db
      .updateTable(on === 'token' ? 'tokens' : 'users')
      .set({ budget_period: 'day', budget_quota: quota })
      .where('id', '=', on === 'token' ? token.id : userId)
      .execute();
    if (on === 'token') await t.ctx.tokens.invalidate([token.id]);
    else await t.ctx.users.invalidate(userId);
    return { userId, tokenId: token.id, key: token.key };
  }

  const budgetUsed = async (table: 'tokens' | 'users', id: number) => {
    await t.ctx.billing.flush();
    const row = await t.ctx.db
      .selectFrom(table)
      .select(['budget_used', 'budget_start'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { used: Number(row.budget_used), start: Number(row.budget_start) };
  };

  for (const platform of Object.keys(submits) as Platform[]) {
    it(`refuses a ${platform} submit once the key's budget is spent, charging nothing more`, async () => {
      const { price } = submits[platform];
      const key = await budgeted('token', price);
      const first = await submit(platform, key.key);
      expect(first.statusCode, first.body).toBe(200);
      const spent = await balancesOf(t.ctx, key.userId);
      expect(await budgetUsed('tokens', key.tokenId)).toEqual({
        used: price,
        start: periodStart('day', Date.now(), 'UTC'),
      });

      const second = await submit(platform, key.key);
      expect(second.statusCode, second.body).toBe(403);
      expect(refusalCode(platform, second.json())).toBe('token_budget_exhausted');
      expect((await balancesOf(t.ctx, key.userId)).quota).toBe(spent.quota);
      expect((await budgetUsed('tokens', key.tokenId)).used).toBe(price);
      expect(await auditLedger(t.ctx)).toEqual([]);
    });
  }

  it("refuses a submit past the user's budget, and gives a refused task's charge back to it", async () => {
    const key = await budgeted('user', songPrice);
    // The upstream refuses this one: charged, then refunded, and the budget with it.
    const refused = await submit('suno', key.key, { gpt_description_prompt: 'a song #refuse' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect((await budgetUsed('users', key.userId)).used).toBe(0);
    expect((await balancesOf(t.ctx, key.userId)).quota).toBe(10_000_000);

    expect((await submit('suno', key.key)).statusCode).toBe(200);
    const over = await submit('midjourney', key.key);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ type: 'user_budget_exhausted' });
    expect((await budgetUsed('users', key.userId)).used).toBe(songPrice);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it("answers a key's rate limit with the key's own message, in the platform's shape", async () => {
    const userId = await seedUser(t.ctx);
    const { key } = await seedToken(t.ctx, userId, {
      rateLimit: { count: 1, windowSeconds: 60, message: 'one song a minute, please' },
    });
    expect((await submit('suno', key)).statusCode).toBe(200);
    const limited = await submit('suno', key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'token_rate_limited',
      message: 'one song a minute, please',
    });
    const drawing = await submit('midjourney', key);
    expect(drawing.statusCode).toBe(429);
    expect(drawing.json()).toMatchObject({ description: 'one song a minute, please' });
  });

  it("holds a key's requests in flight to its cap", async () => {
    const userId = await seedUser(t.ctx);
    const { key } = await seedToken(t.ctx, userId, { maxParallel: 1 });
    const [slow, second] = await Promise.all([
      submit('midjourney', key, { prompt: 'a slow fox #slow' }),
      new Promise((r) => setTimeout(r, 100)).then(() => submit('suno', key)),
    ]);
    expect(slow.statusCode, slow.body).toBe(200);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: 'token_parallel_limited' });
    expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The slot is given back when the submit ends.
    expect((await submit('suno', key)).statusCode).toBe(200);
  });

  it("never lets tasks past a channel's caps: in flight, then per minute", async () => {
    const userId = await seedUser(t.ctx, { group: 'capped' });
    const { key } = await seedToken(t.ctx, userId);
    const before = await balancesOf(t.ctx, userId);
    // Minute caps count calendar minutes: start early enough in one to stay in it.
    const left = 60 - new Date().getSeconds();
    if (left < 10) await new Promise((r) => setTimeout(r, left * 1000 + 100));
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => submit('midjourney', key, { prompt: 'a capped fox #slow' })),
    );
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 429, 429, 429, 429]);
    const full = burst.find((r) => r.statusCode === 429)!;
    expect(full.json()).toMatchObject({ type: 'channel_capacity_full' });
    expect(Number(full.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(capped.requests.filter((r) => r.path.includes('/submit/'))).toHaveLength(1);

    // One a minute more each time, up to three in the minute.
    const sequential = [];
    for (let i = 0; i < 4; i++) sequential.push((await submit('midjourney', key)).statusCode);
    expect(sequential).toEqual([200, 200, 429, 429]);
    expect(capped.requests.filter((r) => r.path.includes('/submit/'))).toHaveLength(3);
    // Only what the channel took was charged.
    expect((await balancesOf(t.ctx, userId)).quota).toBe(before.quota - 3 * imaginePrice);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('counts a task on the level’s per-model request limit', async () => {
    await t.ctx.db
      .updateTable('levels')
      .set({ model_request_limits: JSON.stringify({ suno_music: 1 }) })
      .where('name', '=', 'default')
      .execute();
    await t.ctx.levels.changed();
    try {
      const userId = await seedUser(t.ctx);
      const { key } = await seedToken(t.ctx, userId);
      expect((await submit('suno', key)).statusCode).toBe(200);
      const limited = await submit('suno', key);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'level_model_rate_limited' });
      const row = await t.ctx.db
        .selectFrom('tasks')
        .select('task_id')
        .where('user_id', '=', userId)
        .execute();
      expect(row).toHaveLength(1);
      expect(await findTask(t.ctx.db, row[0]!.task_id)).toBeTruthy();
    } finally {
      await t.ctx.db
        .updateTable('levels')
        .set({ model_request_limits: '{}' })
        .where('name', '=', 'default')
        .execute();
      await t.ctx.levels.changed();
    }
  });
});
