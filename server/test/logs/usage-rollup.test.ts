import { Role, type UsageDataRow } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import {
  createIsolatedDb,
  createTestApp,
  createTestContext,
  testDb,
  type TestApp,
} from '../helpers/test-context.js';
import { get, newUser, type TestUser } from './logs-helpers.js';

/** Monday 2024-01-01 00:00 UTC. */
const monday = 1_704_067_200;
const hour = 3600;
const day = 24 * hour;

const buckets = (ctx: AppContext) =>
  ctx.db
    .selectFrom('quota_data')
    .select(['user_id', 'username', 'model_name', 'created_at', 'token_used', 'count', 'quota'])
    .orderBy('user_id')
    .orderBy('created_at')
    .orderBy('model_name')
    .execute();

describe(`hourly usage roll-up on ${testDb}`, () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  const record = (
    user: TestUser,
    modelName: string,
    createdAt: number,
    tokens: number,
    quota: number,
  ) =>
    t.ctx.usage.record({
      userId: user.id,
      username: user.username,
      modelName,
      createdAt,
      tokens,
      quota,
    });

  beforeAll(async () => {
    t = await createTestApp();
    alice = await newUser(t.ctx, Role.user, 'alice');
    bob = await newUser(t.ctx, Role.user, 'bob');
    admin = await newUser(t.ctx, Role.admin);
  });
  afterAll(() => t.cleanup());

  it('adds requests of one user, model and hour into one bucket, in memory until flushed', async () => {
    record(alice, 'gpt-4o', monday + 60, 100, 10);
    record(alice, 'gpt-4o', monday + 1800, 200, 20);
    record(alice, 'gpt-4o', monday + hour - 1, 300, 30);
    record(alice, 'claude-3', monday + 120, 50, 5);
    record(alice, 'gpt-4o', monday + hour, 1, 1);
    expect(t.ctx.usage.pending).toBe(3);
    expect(await buckets(t.ctx)).toEqual([]);

    expect(await t.ctx.usage.flush()).toBe(3);
    expect(t.ctx.usage.pending).toBe(0);
    expect(await buckets(t.ctx)).toEqual([
      {
        user_id: alice.id,
        username: 'alice',
        model_name: 'claude-3',
        created_at: monday,
        token_used: 50,
        count: 1,
        quota: 5,
      },
      {
        user_id: alice.id,
        username: 'alice',
        model_name: 'gpt-4o',
        created_at: monday,
        token_used: 600,
        count: 3,
        quota: 60,
      },
      {
        user_id: alice.id,
        username: 'alice',
        model_name: 'gpt-4o',
        created_at: monday + hour,
        token_used: 1,
        count: 1,
        quota: 1,
      },
    ]);
    expect(await t.ctx.usage.flush()).toBe(0);
  });

  it('adds a later flush to the stored bucket', async () => {
    record(alice, 'gpt-4o', monday + 10, 1000, 100);
    record(alice, 'gpt-4o', monday + 20, 1000, 100);
    await Promise.all([t.ctx.usage.flush(), t.ctx.usage.flush()]);
    const stored = await buckets(t.ctx);
    expect(stored.find((b) => b.model_name === 'gpt-4o' && b.created_at === monday)).toMatchObject({
      token_used: 2600,
      count: 5,
      quota: 260,
    });
    expect(stored).toHaveLength(3);
  });

  it('records nothing while DataExportEnabled is off', async () => {
    await t.ctx.settings.set('DataExportEnabled', 'false');
    record(bob, 'gpt-4o', monday, 5, 5);
    expect(t.ctx.usage.pending).toBe(0);
    await t.ctx.settings.set('DataExportEnabled', 'true');
  });

  it('flushes what is buffered when the context closes', async () => {
    const isolated = await createIsolatedDb();
    try {
      const first = await createTestContext({ reuse: isolated });
      first.ctx.usage.record({
        userId: 7,
        username: 'gone',
        modelName: 'm',
        createdAt: monday,
        tokens: 3,
        quota: 4,
      });
      await first.ctx.close();
      const second = await createTestContext({ reuse: isolated });
      expect(await buckets(second.ctx)).toEqual([
        {
          user_id: 7,
          username: 'gone',
          model_name: 'm',
          created_at: monday,
          token_used: 3,
          count: 1,
          quota: 4,
        },
      ]);
      await second.ctx.close();
    } finally {
      await isolated.drop();
    }
  });

  describe('/api/data', () => {
    const data = (url: string, user: TestUser) => get<UsageDataRow[]>(t.app, url, user.headers);
    const range = `start_timestamp=${monday - 7 * day}&end_timestamp=${monday + 7 * day}`;

    beforeAll(async () => {
      await t.ctx.db.deleteFrom('quota_data').execute();
      record(alice, 'gpt-4o', monday - hour, 10, 1); // Sunday 23:00 UTC
      record(alice, 'gpt-4o', monday + 17 * hour, 20, 2); // Tuesday 01:00 in UTC+8
      record(alice, 'gpt-4o', monday + 2 * day, 30, 3); // Wednesday
      record(alice, 'claude-3', monday + 2 * day, 40, 4);
      record(bob, 'gpt-4o', monday + 2 * day + 5, 50, 5);
      await t.ctx.usage.flush();
    });

    it('returns own hourly rows only', async () => {
      const res = await data(`/api/data/self?${range}&username=bob`, alice);
      expect(res.body.data).toEqual([
        { model_name: 'gpt-4o', created_at: monday - hour, token_used: 10, count: 1, quota: 1 },
        {
          model_name: 'gpt-4o',
          created_at: monday + 17 * hour,
          token_used: 20,
          count: 1,
          quota: 2,
        },
        {
          model_name: 'claude-3',
          created_at: monday + 2 * day,
          token_used: 40,
          count: 1,
          quota: 4,
        },
        { model_name: 'gpt-4o', created_at: monday + 2 * day, token_used: 30, count: 1, quota: 3 },
      ]);
      expect((await data(`/api/data/?${range}`, alice)).status).toBe(403);
    });

    it('sums every user for admins, or one username', async () => {
      const all = await data(
        `/api/data/?start_timestamp=${monday + 2 * day}&end_timestamp=${monday + 2 * day}`,
        admin,
      );
      expect(all.body.data).toEqual([
        {
          model_name: 'claude-3',
          created_at: monday + 2 * day,
          token_used: 40,
          count: 1,
          quota: 4,
        },
        { model_name: 'gpt-4o', created_at: monday + 2 * day, token_used: 80, count: 2, quota: 8 },
      ]);
      const bobs = await data(`/api/data/?${range}&username=bob`, admin);
      expect(bobs.body.data).toEqual([
        { model_name: 'gpt-4o', created_at: monday + 2 * day, token_used: 50, count: 1, quota: 5 },
      ]);
      expect((await data(`/api/data/?${range}&username=nobody`, admin)).body.data).toEqual([]);
    });

    it('groups by day in UTC or in a time zone, and by Monday weeks', async () => {
      const days = await data(`/api/data/self?${range}&granularity=day`, alice);
      expect(days.body.data.map((r) => [r.model_name, r.created_at, r.quota])).toEqual([
        ['gpt-4o', monday - day, 1],
        ['gpt-4o', monday, 2],
        ['claude-3', monday + 2 * day, 4],
        ['gpt-4o', monday + 2 * day, 3],
      ]);
      const plus8 = await data(`/api/data/self?${range}&granularity=day&tz_offset=28800`, alice);
      expect(plus8.body.data.map((r) => [r.model_name, r.created_at, r.quota])).toEqual([
        ['gpt-4o', monday - 8 * hour, 1],
        ['gpt-4o', monday + day - 8 * hour, 2],
        ['claude-3', monday + 2 * day - 8 * hour, 4],
        ['gpt-4o', monday + 2 * day - 8 * hour, 3],
      ]);
      const weeks = await data(`/api/data/self?${range}&granularity=week`, alice);
      expect(weeks.body.data).toEqual([
        { model_name: 'gpt-4o', created_at: monday - 7 * day, token_used: 10, count: 1, quota: 1 },
        { model_name: 'claude-3', created_at: monday, token_used: 40, count: 1, quota: 4 },
        { model_name: 'gpt-4o', created_at: monday, token_used: 50, count: 2, quota: 5 },
      ]);
    });

    it('refuses a reversed range or an unknown granularity', async () => {
      const reversed = await data(
        `/api/data/self?start_timestamp=${monday}&end_timestamp=${monday - 1}`,
        alice,
      );
      expect(reversed.body).toMatchObject({ success: false, code: 'time_range_invalid' });
      const unknown = await data(`/api/data/self?granularity=month`, alice);
      expect(unknown.body).toMatchObject({ success: false, code: 'invalid_request' });
    });
  });
});
