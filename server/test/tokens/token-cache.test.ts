import { Role, type TokenItem } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTokenUsable } from '../../src/domain/tokens/token-status.js';
import { compileIpList, findInvalidIpEntry } from '../../src/lib/ip-matcher.js';
import { nowSeconds } from '../../src/lib/time.js';
import {
  createIsolatedDb,
  createTestApp,
  createTestContext,
  testDb,
  testRedis,
  type TestApp,
} from '../helpers/test-context.js';
import { api, newUser, pubSubReady, until, type TestUser } from './console-helpers.js';

describe(`API key cache on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;
  let user: TestUser;
  const makeKey = async (body: object) => {
    const [item] = (
      await api<TokenItem[]>(t.app, user, 'POST', '/api/token/', { name: 'c', ...body })
    ).body.data;
    const { key } = (await api<{ key: string }>(t.app, user, 'POST', `/api/token/${item.id}/key`))
      .body.data;
    return { id: item.id, key };
  };

  beforeAll(async () => {
    t = await createTestApp();
    user = await newUser(t.ctx, Role.user);
  });
  afterAll(() => t.cleanup());

  it('serves key lookups from memory with compiled limits', async () => {
    const { id, key } = await makeKey({
      model_limits_enabled: true,
      model_limits: 'gpt-4o,claude-3',
      allow_ips: '10.0.0.0/8\n2001:db8::/32',
      deny_ips: '10.9.9.9',
      rate_limit_count: 3,
      rate_limit_window_seconds: 30,
      rate_limit_message: 'easy',
      group: 'vip',
    });
    const token = await t.ctx.tokens.findByKey(key);
    expect(token).toMatchObject({ id, userId: user.id, status: 1, expiredTime: -1, group: 'vip' });
    expect(token?.rateLimit).toEqual({ count: 3, windowSeconds: 30, message: 'easy' });
    expect([...(token?.modelLimits ?? [])]).toEqual(['gpt-4o', 'claude-3']);
    expect(token?.allowIps?.matches('10.1.2.3')).toBe(true);
    expect(token?.allowIps?.matches('::ffff:10.1.2.3')).toBe(true);
    expect(token?.allowIps?.matches('2001:db8::5')).toBe(true);
    expect(token?.allowIps?.matches('11.0.0.1')).toBe(false);
    expect(token?.denyIps?.matches('10.9.9.9')).toBe(true);

    // A second lookup does not touch the database: a direct change is not seen until invalidated.
    await t.ctx.db
      .updateTable('tokens')
      .set({ name: 'changed behind' })
      .where('id', '=', id)
      .execute();
    expect((await t.ctx.tokens.findByKey(key))?.name).toBe('c');
    await t.ctx.tokens.invalidate([id]);
    expect((await t.ctx.tokens.findByKey(key))?.name).toBe('changed behind');
  });

  it('sees console changes at once: disable, delete', async () => {
    const { id, key } = await makeKey({});
    expect((await t.ctx.tokens.findByKey(key))?.status).toBe(1);
    await api(t.app, user, 'PUT', '/api/token/?status_only=true', { id, status: 2 });
    expect((await t.ctx.tokens.findByKey(key))?.status).toBe(2);
    await api(t.app, user, 'DELETE', `/api/token/${id}`);
    expect(await t.ctx.tokens.findByKey(key)).toBeNull();
    expect(await t.ctx.tokens.findByKey('x'.repeat(48))).toBeNull();
  });

  it('says why a key is unusable', () => {
    const now = nowSeconds();
    expect(checkTokenUsable({ status: 1, expiredTime: -1 }, now)).toBeNull();
    expect(checkTokenUsable({ status: 1, expiredTime: now + 10 }, now)).toBeNull();
    expect(checkTokenUsable({ status: 1, expiredTime: now - 1 }, now)).toBe('token_expired');
    expect(checkTokenUsable({ status: 2, expiredTime: -1 }, now)).toBe('token_unavailable');
    expect(checkTokenUsable({ status: 3, expiredTime: -1 }, now)).toBe('token_expired');
    expect(checkTokenUsable({ status: 4, expiredTime: -1 }, now)).toBe('token_exhausted');
  });

  it('parses IP lists of both families', () => {
    expect(findInvalidIpEntry('1.2.3.4, 10.0.0.0/8\n::1 fe80::/10')).toBeUndefined();
    expect(findInvalidIpEntry('1.2.3.4/x')).toBe('1.2.3.4/x');
    expect(findInvalidIpEntry('2001:db8::/129')).toBe('2001:db8::/129');
    expect(findInvalidIpEntry('example.com')).toBe('example.com');
    expect(compileIpList('')).toBeNull();
    expect(compileIpList('::1')?.matches('::1')).toBe(true);
    expect(compileIpList('::1')?.matches('not an ip')).toBe(false);
  });

  it.runIf(testRedis)('invalidates the other instances through Redis', async () => {
    const isolated = await createIsolatedDb();
    const a = await createTestContext({ reuse: isolated });
    const b = await createTestContext({ reuse: isolated });
    try {
      await pubSubReady(a.ctx, b.ctx);
      const owner = await newUser(a.ctx, Role.user);
      await a.ctx.db
        .insertInto('tokens')
        .values({
          user_id: owner.id,
          key: 'k'.repeat(48),
          model_limits: '',
          allow_ips: '',
          deny_ips: '',
        })
        .execute();
      const row = await a.ctx.db.selectFrom('tokens').select('id').executeTakeFirstOrThrow();
      expect((await b.ctx.tokens.findByKey('k'.repeat(48)))?.status).toBe(1);
      await a.ctx.db.updateTable('tokens').set({ status: 2 }).where('id', '=', row.id).execute();
      await a.ctx.tokens.invalidate([row.id]);
      await until(async () => (await b.ctx.tokens.findByKey('k'.repeat(48)))?.status === 2);
    } finally {
      await a.cleanup();
      await b.cleanup();
      await isolated.drop();
    }
  });
});
