import type { LogItem, Page } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { seedLogFixture, t0, type LogFixture } from './log-fixture.js';
import { get, type SeedLog, type TestUser } from './logs-helpers.js';

describe(`log lists on ${testDb}`, () => {
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
    expect(everything.body.data.total).toBe(f.seeded.length);
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
});
