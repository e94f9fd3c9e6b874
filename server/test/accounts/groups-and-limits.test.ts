import { Role, type UserLimits, type UsableGroupMap } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAffCode } from '../../src/domain/users/aff-code.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { api, newUser, roleUsers, type TestUser } from '../tokens/console-helpers.js';

describe(`groups, models, invitation code and limits for the console on ${testDb}`, () => {
  let t: TestApp;
  let root: TestUser;
  let admin: TestUser;
  let user: TestUser;
  let special: TestUser;

  const addChannel = (name: string, group: string, models: string, status = 1) =>
    api(t.app, root, 'POST', '/api/channel/', {
      mode: 'single',
      channel: { name, type: 1, key: 'sk-x', group, models, status },
    });

  beforeAll(async () => {
    t = await createTestApp();
    ({ root, admin, user } = await roleUsers(t.ctx));
    special = await newUser(t.ctx, Role.user, 'partner');
    const set = (key: string, value: unknown) => t.ctx.settings.set(key, JSON.stringify(value));
    await set('GroupRatio', { default: 1, vip: 1.5, partner: 0.8, svip: 2 });
    await set('GroupGroupRatio', { partner: { vip: 1.2 } });
    await set('UserUsableGroups', { default: 'Standard', vip: 'Faster' });
    await addChannel('d', 'default', 'gpt-4o-mini,gpt-4o');
    await addChannel('v', 'vip,svip', 'claude-sonnet-4-5');
    await addChannel('p', 'partner', 'gemini-2.5-flash');
    await addChannel('off', 'default', 'disabled-model', 2);
    await addChannel('hidden', 'internal', 'internal-model');
  });
  afterAll(() => t.cleanup());

  it('lists the groups a user may use with their ratios and descriptions', async () => {
    const own = await api<UsableGroupMap>(t.app, user, 'GET', '/api/user/self/groups');
    expect(own.body.data).toEqual({
      default: { ratio: 1, desc: 'Standard' },
      vip: { ratio: 1.5, desc: 'Faster' },
    });
    const partner = await api<UsableGroupMap>(t.app, special, 'GET', '/api/user/self/groups');
    expect(partner.body.data).toEqual({
      default: { ratio: 1, desc: 'Standard' },
      vip: { ratio: 1.2, desc: 'Faster' },
      partner: { ratio: 0.8, desc: 'partner' },
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/groups' });
    expect(anonymous.json()).toMatchObject({
      success: true,
      data: { default: { ratio: 1, desc: 'Standard' }, vip: { ratio: 1.5, desc: 'Faster' } },
    });
    const signedIn = await api<UsableGroupMap>(t.app, special, 'GET', '/api/user/groups');
    expect(Object.keys(signedIn.body.data).sort()).toEqual(['default', 'partner', 'vip']);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/self/groups' })).statusCode).toBe(
      401,
    );
  });

  it('lists the models of the usable groups from the routing index', async () => {
    const own = await api<string[]>(t.app, user, 'GET', '/api/user/models');
    expect(own.body.data).toEqual(['claude-sonnet-4-5', 'gpt-4o', 'gpt-4o-mini']);
    const partner = await api<string[]>(t.app, special, 'GET', '/api/user/models');
    expect(partner.body.data).toEqual([
      'claude-sonnet-4-5',
      'gemini-2.5-flash',
      'gpt-4o',
      'gpt-4o-mini',
    ]);
  });

  it('lists every group name to admins only', async () => {
    const all = await api<string[]>(t.app, admin, 'GET', '/api/group/');
    expect(all.body.data).toEqual(['default', 'internal', 'partner', 'svip', 'vip']);
    expect((await api(t.app, user, 'GET', '/api/group/')).status).toBe(403);
  });

  it('makes an invitation code once, unique, and keeps it', async () => {
    const first = await api<string>(t.app, user, 'GET', '/api/user/aff');
    expect(first.body.data).toMatch(/^[0-9a-zA-Z]{4,}$/);
    const again = await Promise.all([
      api<string>(t.app, user, 'GET', '/api/user/aff'),
      api<string>(t.app, user, 'GET', '/api/user/aff'),
    ]);
    expect(again.map((r) => r.body.data)).toEqual([first.body.data, first.body.data]);
    const self = await api<{ aff_code: string }>(t.app, user, 'GET', '/api/user/self');
    expect(self.body.data.aff_code).toBe(first.body.data);

    const others = await Promise.all(
      Array.from({ length: 6 }, async () => newUser(t.ctx, Role.user)),
    );
    const codes = await Promise.all(
      others.map(async (o) => (await api<string>(t.app, o, 'GET', '/api/user/aff')).body.data),
    );
    expect(new Set([...codes, first.body.data]).size).toBe(7);
  });

  it('draws again when a code is taken, and gives up with a clear error', async () => {
    const holder = await newUser(t.ctx, Role.user);
    const taken = await ensureAffCode(t.ctx, holder.id, () => 'TAKEN1');
    const drawer = await newUser(t.ctx, Role.user);
    const lengths: number[] = [];
    const draws = ['TAKEN1', 'TAKEN1', 'fresh7'];
    const code = await ensureAffCode(t.ctx, drawer.id, (length) => {
      lengths.push(length);
      return draws.shift() ?? 'unused';
    });
    expect([taken, code, lengths]).toEqual(['TAKEN1', 'fresh7', [4, 4, 5]]);

    const unlucky = await newUser(t.ctx, Role.user);
    await expect(ensureAffCode(t.ctx, unlucky.id, () => 'TAKEN1')).rejects.toMatchObject({
      id: 'aff_code_unavailable',
    });
    const stored = await t.ctx.db
      .selectFrom('users')
      .select('aff_code')
      .where('id', '=', unlucky.id)
      .executeTakeFirstOrThrow();
    expect(stored.aff_code).toBeNull();
  });

  it('reports the effective limits of the signed-in user', async () => {
    await api(t.app, special, 'POST', '/api/token/', { name: 'plain' });
    const limited = await api<Array<{ id: number }>>(t.app, special, 'POST', '/api/token/', {
      name: 'limited',
      rate_limit_count: 30,
      rate_limit_window_seconds: 120,
    });
    await t.ctx.settings.set('ModelRequestRateLimitEnabled', 'true');
    await t.ctx.settings.set('ModelRequestRateLimitGroup', JSON.stringify({ partner: [50, 20] }));
    const res = await api<UserLimits>(t.app, special, 'GET', '/api/user/self/limits');
    expect(res.body.data).toEqual({
      group: 'partner',
      group_ratio: 0.8,
      usable_groups: {
        default: { ratio: 1, desc: 'Standard' },
        vip: { ratio: 1.2, desc: 'Faster' },
        partner: { ratio: 0.8, desc: 'partner' },
      },
      discount: 1,
      own: {
        concurrency_limit: 0,
        in_flight: 0,
        tpm_limit: 0,
        tpm_used: 0,
        budget_period: '',
        budget_quota: 0,
        budget_used: 0,
        extra_discount: 1,
      },
      level: {
        name: 'default',
        priority: 0,
        description: '',
        benefits: '',
        rate_limit: 0,
        rate_used: 0,
        models: [],
      },
      model_request_limit: { enabled: true, count: 50, success_count: 20, duration_minutes: 1 },
      keys: {
        total: 2,
        max: 1000,
        rate_limited: 1,
        items: [{ id: limited.body.data[0].id, name: 'limited', count: 30, window_seconds: 120 }],
      },
    });
    const plain = await api<UserLimits>(t.app, user, 'GET', '/api/user/self/limits');
    expect(plain.body.data.model_request_limit).toEqual({
      enabled: true,
      count: 0,
      success_count: 1000,
      duration_minutes: 1,
    });
  });
});
