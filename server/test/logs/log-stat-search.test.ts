import { Role, type LogItem, type LogStat, type Page } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/lib/time.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { seedLogFixture, type LogFixture } from './log-fixture.js';
import { get, insertLogs, newUser, type SeedLog, type TestUser } from './logs-helpers.js';

describe(`log stats and search on ${testDb}`, () => {
  let t: TestApp;
  let f: LogFixture;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  const page = (url: string, user: TestUser) => get<Page<LogItem>>(t.app, url, user.headers);
  const expected = (match: (r: SeedLog) => boolean) => f.expected(match);

  beforeAll(async () => {
    t = await createTestApp();
    f = await seedLogFixture(t.ctx);
    ({ alice, bob, admin } = f);
  });
  afterAll(() => t.cleanup());

  it('sums consumed quota over the filter and counts the last minute', async () => {
    const carol = await newUser(t.ctx, Role.user);
    const now = nowSeconds();
    await insertLogs(t.ctx, [
      {
        user_id: carol.id,
        type: 2,
        created_at: now - 10,
        quota: 50,
        prompt_tokens: 100,
        completion_tokens: 20,
        model_name: 'm',
      },
      {
        user_id: carol.id,
        type: 2,
        created_at: now - 30,
        quota: 70,
        prompt_tokens: 200,
        completion_tokens: 30,
        model_name: 'n',
      },
      {
        user_id: carol.id,
        type: 5,
        created_at: now - 20,
        quota: 0,
        prompt_tokens: 999,
        model_name: 'm',
      },
      {
        user_id: carol.id,
        type: 2,
        created_at: now - 600,
        quota: 1000,
        prompt_tokens: 5000,
        model_name: 'm',
      },
    ]);
    const own = await get<LogStat>(t.app, '/api/log/self/stat', carol.headers);
    expect(own.body.data).toEqual({ quota: 1120, rpm: 2, tpm: 350 });
    const byModel = await get<LogStat>(t.app, '/api/log/self/stat?model_name=m', carol.headers);
    expect(byModel.body.data).toEqual({ quota: 1050, rpm: 1, tpm: 120 });

    const aliceConsumed = f.seeded
      .filter((r) => r.user_id === alice.id && r.type === 2)
      .reduce((s, r) => s + (r.quota ?? 0), 0);
    const aliceStat = await get<LogStat>(t.app, '/api/log/self/stat', alice.headers);
    expect(aliceStat.body.data).toEqual({ quota: aliceConsumed, rpm: 0, tpm: 0 });

    const adminStat = await get<LogStat>(
      t.app,
      `/api/log/stat?username=${carol.username}`,
      admin.headers,
    );
    expect(adminStat.body.data).toEqual({ quota: 1120, rpm: 2, tpm: 350 });
    const channelStat = await get<LogStat>(t.app, '/api/log/stat?channel=3', admin.headers);
    expect(channelStat.body.data.quota).toBe(10_000);
  });

  it('searches own logs by model, key name, request id or type', async () => {
    const search = (q: string, user = alice) =>
      page(`/api/log/self/search?page_size=100&keyword=${q}`, user);
    expect((await search('gem')).body.data.items.map((i) => i.id)).toEqual(
      expected((r) => r.user_id === alice.id && r.model_name === 'gemini-pro'),
    );
    expect((await search('req-a-3')).body.data.total).toBe(1);
    expect((await search('5')).body.data.items.map((i) => i.id)).toEqual(
      expected((r) => r.user_id === alice.id && r.type === 5),
    );
    expect((await search('bk')).body.data.total).toBe(0);
    expect((await search('%')).body.data.total).toBe(0);
    const bobSearch = await page('/api/log/search?page_size=100&keyword=bo', admin);
    expect(bobSearch.body.data.items.map((i) => i.id)).toEqual(
      expected((r) => r.user_id === bob.id),
    );
  });

  it('limits own searches to 10 a minute', async () => {
    const dave = await newUser(t.ctx, Role.user);
    for (let i = 0; i < 10; i++) {
      expect((await get(t.app, '/api/log/self/search?keyword=x', dave.headers)).status).toBe(200);
    }
    const res = await get(t.app, '/api/log/self/search?keyword=x', dave.headers);
    expect(res.status).toBe(429);
    expect(res.body.success).toBe(false);
  });
});
