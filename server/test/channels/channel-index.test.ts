import { Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportChannelFailure } from '../../src/domain/channels/channel-health.js';
import { notifyRoot } from '../../src/domain/notifications/notify-root.js';
import { shouldRetry } from '../../src/relay/retry-policy.js';
import type { SelectInput } from '../../src/domain/channels/channel-index.js';
import {
  createIsolatedDb,
  createTestApp,
  createTestContext,
  testDb,
  testRedis,
  type TestApp,
} from '../helpers/test-context.js';
import { api, newUser, pubSubReady, until, type TestUser } from '../tokens/console-helpers.js';

describe(`channel routing index on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;
  let root: TestUser;
  const add = async (name: string, extra: object) => {
    const channel = { name, type: 1, key: `key-${name}`, models: 'm', group: 'default', ...extra };
    const res = await api<number[]>(t.app, root, 'POST', '/api/channel/', {
      mode: 'single',
      channel,
    });
    if (!res.body.success) throw new Error(res.body.message);
    return res.body.data[0];
  };
  const pick = (input: Partial<SelectInput>) =>
    t.ctx.channels.select({
      group: 'default',
      model: 'm',
      exclude: new Set(),
      attempt: 0,
      ...input,
    })?.id ?? null;
  const draws = (input: Partial<SelectInput>, n: number) => {
    const counts = new Map<number | null, number>();
    for (let i = 0; i < n; i++) {
      const id = pick(input);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  };

  beforeAll(async () => {
    t = await createTestApp();
    root = await newUser(t.ctx, Role.root);
  });
  afterAll(() => t.cleanup());

  it('routes by group and model, priority tier first, weights within the tier, never excluded ones', async () => {
    const high1 = await add('high1', { priority: 10, weight: 30 });
    const high2 = await add('high2', { priority: 10, weight: 10 });
    const low = await add('low', { priority: 1 });
    await add('other-group', { group: 'vip', priority: 100 });
    await add('off', { priority: 100, status: 2 });

    const counts = draws({}, 4000);
    expect([...counts.keys()].sort()).toEqual([high1, high2].sort());
    const share = (counts.get(high1) ?? 0) / 4000;
    expect(share).toBeGreaterThan(0.7);
    expect(share).toBeLessThan(0.8);

    expect(pick({ exclude: new Set([high1]) })).toBe(high2);
    expect(pick({ exclude: new Set([high1, high2]) })).toBe(low);
    expect(pick({ exclude: new Set([high1, high2, low]) })).toBeNull();
    expect(pick({ attempt: 1 })).toBe(low);
    expect(pick({ attempt: 5 })).toBe(low);
    expect([high1, high2]).toContain(pick({ attempt: 1, exclude: new Set([low]) }));
    expect(pick({ model: 'unknown' })).toBeNull();
    expect(pick({ group: 'nobody' })).toBeNull();
    expect(t.ctx.channels.modelsForGroup('default')).toEqual(['m']);
    expect(t.ctx.channels.get(low)?.key).toBe('key-low');
  });

  it('gives equal shares when every weight in the tier is 0', async () => {
    const a = await add('eq-a', { models: 'eq' });
    const b = await add('eq-b', { models: 'eq' });
    const counts = draws({ model: 'eq' }, 2000);
    expect(counts.get(a)).toBeGreaterThan(800);
    expect(counts.get(b)).toBeGreaterThan(800);
  });

  it('rebuilds after every change made through the console', async () => {
    const id = await add('change', {
      models: 'changing',
      group: 'default,vip',
      model_mapping: { changing: 'real' },
    });
    expect(pick({ model: 'changing', group: 'vip' })).toBe(id);
    expect(t.ctx.channels.get(id)?.modelMapping).toEqual({ changing: 'real' });
    await api(t.app, root, 'PUT', '/api/channel/', { id, models: 'renamed' });
    expect(pick({ model: 'changing' })).toBeNull();
    expect(pick({ model: 'renamed' })).toBe(id);
    await api(t.app, root, 'PUT', '/api/channel/', { id, status: 2 });
    expect(pick({ model: 'renamed' })).toBeNull();
    expect(t.ctx.channels.get(id)?.status).toBe(2);
    await api(t.app, root, 'DELETE', `/api/channel/${id}`);
    expect(t.ctx.channels.get(id)).toBeNull();
  });

  it('disables a channel on a matching failure only when allowed', async () => {
    const id = await add('fails', { models: 'fails' });
    const failure = { status: 401, message: 'invalid key' };
    expect(await reportChannelFailure(t.ctx, id, failure)).toBe(false);
    await t.ctx.settings.set('AutomaticDisableChannelEnabled', 'true');
    try {
      expect(await reportChannelFailure(t.ctx, id, { status: 429, message: 'slow down' })).toBe(
        false,
      );
      expect(
        await reportChannelFailure(t.ctx, id, { status: 400, message: 'PERMISSION DENIED here' }),
      ).toBe(true);
      expect(pick({ model: 'fails' })).toBeNull();
      expect(await reportChannelFailure(t.ctx, id, failure)).toBe(false);
    } finally {
      await t.ctx.settings.set('AutomaticDisableChannelEnabled', 'false');
    }
  });

  it('retries per the contract ranges and the option', async () => {
    const s = t.ctx.settings;
    expect([500, 502, 503, 429, 401, 403, 0].map((c) => shouldRetry(c, s))).toEqual(
      Array(7).fill(true),
    );
    expect([200, 400, 408, 504, 524].map((c) => shouldRetry(c, s))).toEqual(Array(5).fill(false));
    expect(shouldRetry(500, s, { skipRetry: true })).toBe(false);
    expect(shouldRetry(502, s, { code: 'bad_response_body' })).toBe(false);
    await s.set('AutomaticRetryStatusCodes', '400, 502-503');
    expect([400, 502, 500].map((c) => shouldRetry(c, s))).toEqual([true, true, false]);
    await expect(s.set('AutomaticRetryStatusCodes', '4xx')).rejects.toThrow();
    await s.set(
      'AutomaticRetryStatusCodes',
      '100-199,300-399,401-407,409-499,500-503,505-523,525-599',
    );
  });

  it('notifies root with a system log line', async () => {
    await notifyRoot(t.ctx, 'Subject', 'details');
    const row = await t.ctx.db
      .selectFrom('logs')
      .select(['user_id', 'type', 'content'])
      .where('content', '=', 'Subject: details')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: root.id, type: 4, content: 'Subject: details' });
  });

  it.runIf(testRedis)('rebuilds on the other instances through Redis', async () => {
    const isolated = await createIsolatedDb();
    const a = await createTestContext({ reuse: isolated });
    const b = await createTestContext({ reuse: isolated });
    try {
      await pubSubReady(a.ctx, b.ctx);
      await a.ctx.db
        .insertInto('channels')
        .values({ name: 'x', key: 'k', models: 'shared', model_mapping: '', setting: '' })
        .execute();
      await a.ctx.channels.refresh();
      const input = { group: 'default', model: 'shared', exclude: new Set<number>(), attempt: 0 };
      expect(a.ctx.channels.select(input)).not.toBeNull();
      await until(() => b.ctx.channels.select(input) !== null);
      await a.ctx.db.updateTable('channels').set({ status: 2 }).execute();
      await a.ctx.channels.refresh();
      await until(() => b.ctx.channels.select(input) === null);
    } finally {
      await a.cleanup();
      await b.cleanup();
      await isolated.drop();
    }
  });
});
