import { Role, type LogItem, type LogStat, type Page } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/lib/time.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { get, insertLogs, newUser, type SeedLog, type TestUser } from './logs-helpers.js';

const t0 = 1_700_000_000;
const models = ['gpt-4o', 'claude-3', 'gemini-pro'];
const types = [2, 2, 2, 5, 6, 1, 3];

describe(`log lists and stats on ${testDb}`, () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  /** Every seeded row with the id it got, oldest first. */
  let seeded: Array<SeedLog & { id: number }>;
  const page = (url: string, user: TestUser) => get<Page<LogItem>>(t.app, url, user.headers);

  /** Ids that the server should return for `match`, newest first. */
  const expected = (match: (r: SeedLog) => boolean) =>
    seeded
      .filter(match)
      .sort((a, b) => b.created_at - a.created_at || b.id - a.id)
      .map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp();
    alice = await newUser(t.ctx, Role.user, 'alice');
    bob = await newUser(t.ctx, Role.user, 'bob');
    admin = await newUser(t.ctx, Role.admin);
    for (const name of ['first', 'second', 'third']) {
      await t.ctx.db
        .insertInto('channels')
        .values({ key: 'k', name, models: 'gpt-4o', model_mapping: '{}', setting: '{}' })
        .execute();
    }
    const rows: SeedLog[] = [];
    for (let i = 0; i < 30; i++) {
      rows.push({
        user_id: alice.id,
        username: 'alice',
        type: types[i % types.length],
        // Pairs of rows share a second, so the id breaks ties.
        created_at: t0 + Math.floor(i / 2) * 60,
        model_name: models[i % 3],
        token_name: i % 2 ? 'k1' : 'k2',
        token_id: i % 2 ? 11 : 12,
        channel_id: (i % 2) + 1,
        group: i % 4 === 0 ? 'vip' : 'default',
        quota: 100 + i,
        prompt_tokens: 10,
        completion_tokens: i,
        request_id: `req-a-${i}`,
        is_stream: i % 2,
        use_time: 1500,
      });
    }
    for (let i = 0; i < 10; i++) {
      rows.push({
        user_id: bob.id,
        username: 'bob',
        type: 2,
        created_at: t0 + i * 90,
        model_name: 'gpt-4o',
        token_name: 'bk',
        token_id: 13,
        channel_id: 3,
        quota: 1000,
        prompt_tokens: 5,
        completion_tokens: 5,
        request_id: `req-b-${i}`,
      });
    }
    rows.push({
      user_id: alice.id,
      username: 'alice',
      type: 2,
      created_at: t0 + 5000,
      model_name: 'gpt-4o',
      token_name: 'k1',
      channel_id: 2,
      quota: 7,
      content: 'model ratio 2',
      ip: '10.0.0.1',
      other: JSON.stringify({
        cache_tokens: 5,
        cache_creation_tokens: 7,
        image_tokens: 3,
        audio_input: 2,
        audio_output: 4,
        text_input: 10,
        text_output: 11,
        reasoning_tokens: 9,
        frt: 123,
        model_ratio: 2,
        admin_info: { use_channel: [1, 2] },
      }),
    });
    await insertLogs(t.ctx, rows);
    const ids = await t.ctx.db.selectFrom('logs').select('id').orderBy('id').execute();
    seeded = rows.map((r, i) => ({ ...r, id: Number(ids[i].id) }));
  });
  afterAll(() => t.cleanup());

  it('lists only the caller’s own logs, newest first, with ties broken by id', async () => {
    const res = await page('/api/log/self?p=1&page_size=100', alice);
    expect(res.body.success).toBe(true);
    const own = expected((r) => r.user_id === alice.id);
    expect(res.body.data.total).toBe(own.length);
    expect(res.body.data.items.map((i) => i.id)).toEqual(own);
  });

  it('pages through without gaps or repeats', async () => {
    const ids: number[] = [];
    for (let p = 1; p <= 5; p++) {
      const res = await page(`/api/log/self?p=${p}&page_size=7`, alice);
      expect(res.body.data).toMatchObject({ page: p, page_size: 7, total: 31 });
      ids.push(...res.body.data.items.map((i) => i.id));
    }
    expect(ids).toEqual(expected((r) => r.user_id === alice.id));
    expect((await page('/api/log/self?p=0', alice)).body.data.page).toBe(1);
  });

  it('applies every user filter', async () => {
    const cases: Array<[string, (r: SeedLog) => boolean]> = [
      ['type=2', (r) => r.type === 2],
      ['type=6', (r) => r.type === 6],
      [
        `start_timestamp=${t0 + 300}&end_timestamp=${t0 + 600}`,
        (r) => r.created_at >= t0 + 300 && r.created_at <= t0 + 600,
      ],
      ['token_name=k1', (r) => r.token_name === 'k1'],
      ['model_name=claude-3', (r) => r.model_name === 'claude-3'],
      ['group=vip', (r) => r.group === 'vip'],
      ['request_id=req-a-7', (r) => r.request_id === 'req-a-7'],
      [
        'type=2&model_name=gpt-4o&token_name=k2',
        (r) => r.type === 2 && r.model_name === 'gpt-4o' && r.token_name === 'k2',
      ],
      ['token_name=&model_name=&type=0&start_timestamp=', () => true],
    ];
    for (const [query, match] of cases) {
      const res = await page(`/api/log/self?page_size=100&${query}`, alice);
      const want = expected((r) => r.user_id === alice.id && match(r));
      expect(
        res.body.data.items.map((i) => i.id),
        query,
      ).toEqual(want);
      expect(res.body.data.total, query).toBe(want.length);
    }
  });

  it('ignores admin-only filters from users and refuses them the admin routes', async () => {
    const res = await page(`/api/log/self?page_size=100&username=bob&channel=3`, alice);
    expect(res.body.data.total).toBe(31);
    expect(res.body.data.items.every((i) => i.user_id === alice.id)).toBe(true);
    const bobsRequest = await page('/api/log/self?request_id=req-b-1', alice);
    expect(bobsRequest.body.data.total).toBe(0);
    for (const url of [
      '/api/log/',
      '/api/log/stat',
      '/api/log/search?keyword=a',
      '/api/log/export',
    ]) {
      expect((await get(t.app, url, alice.headers)).status, url).toBe(403);
    }
  });

  it('hides the channel and admin-only details from users and shows token details', async () => {
    const mine = await page(`/api/log/self?start_timestamp=${t0 + 5000}`, alice);
    const item = mine.body.data.items[0];
    expect(item).not.toHaveProperty('channel');
    expect(item).not.toHaveProperty('channel_name');
    expect(item).toMatchObject({
      cache_tokens: 5,
      cache_write_tokens: 7,
      image_tokens: 3,
      audio_tokens: 6,
      text_tokens: 21,
      reasoning_tokens: 9,
      frt: 123,
      ip: '10.0.0.1',
      content: 'model ratio 2',
      is_stream: false,
    });
    expect(JSON.parse(item.other)).toEqual(expect.objectContaining({ model_ratio: 2 }));
    expect(JSON.parse(item.other)).not.toHaveProperty('admin_info');

    const all = await page(`/api/log/?start_timestamp=${t0 + 5000}`, admin);
    expect(all.body.data.items[0]).toMatchObject({ channel: 2, channel_name: 'second' });
    expect(JSON.parse(all.body.data.items[0].other)).toHaveProperty('admin_info');
  });

  it('gives admins every log and the username and channel filters', async () => {
    const everything = await page('/api/log/?page_size=100', admin);
    expect(everything.body.data.total).toBe(seeded.length);
    expect(everything.body.data.items.map((i) => i.id)).toEqual(expected(() => true));
    const cases: Array<[string, (r: SeedLog) => boolean]> = [
      ['username=bob', (r) => r.user_id === bob.id],
      ['username=nobody', () => false],
      ['channel=3', (r) => r.channel_id === 3],
      ['channel=1&type=2', (r) => r.channel_id === 1 && r.type === 2],
      [
        'username=alice&model_name=gpt-4o',
        (r) => r.user_id === alice.id && r.model_name === 'gpt-4o',
      ],
    ];
    for (const [query, match] of cases) {
      const res = await page(`/api/log/?page_size=100&${query}`, admin);
      expect(
        res.body.data.items.map((i) => i.id),
        query,
      ).toEqual(expected(match));
    }
  });

  it('answers bad filters with a clear error', async () => {
    const reversed = await page(
      `/api/log/self?start_timestamp=${t0 + 10}&end_timestamp=${t0}`,
      alice,
    );
    expect(reversed.body).toMatchObject({ success: false, code: 'time_range_invalid' });
    const badType = await page('/api/log/self?type=9', alice);
    expect(badType.body).toMatchObject({ success: false, code: 'invalid_request' });
    const badSize = await page('/api/log/self?page_size=1000', alice);
    expect(badSize.body.success).toBe(false);
  });

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

    const aliceConsumed = seeded
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
