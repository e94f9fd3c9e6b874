import { Role, type LevelItem, type UserLimits } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, testRedis } from '../helpers/test-context.js';
import { logsOf } from '../relay/relay-fixture.js';
import { startRelayTest, type RelayTest } from '../relay/relay-setup.js';
import { api, newUser, type TestUser } from '../tokens/console-helpers.js';

const ask = (model: string) => ({ model, messages: [{ role: 'user', content: 'Hi' }] });
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const level = (fields: Record<string, unknown>) => ({ priority: 1, ...fields });

describe(`user levels on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let r: RelayTest;
  let root: TestUser;
  const save = (method: 'POST' | 'PUT', body: Record<string, unknown>) =>
    api<LevelItem[]>(r.app, root, method, '/api/level/', body);
  const find = async (name: string) =>
    (await api<LevelItem[]>(r.app, root, 'GET', '/api/level/')).body.data.find(
      (l) => l.name === name,
    )!;

  beforeAll(async () => {
    r = await startRelayTest();
    root = await newUser(r.ctx, Role.root);
    await r.channel({ models: ['gpt-4o', 'gpt-4o-mini'] });
  });
  afterAll(() => r.cleanup());

  it('keeps the level rules: default protected, no Tier 1, unique names, valid data', async () => {
    const defaultLevel = await find('default');
    expect(defaultLevel).toMatchObject({ priority: 0, final_discount: 1, groups: [] });
    const refusals: Array<[Record<string, unknown>, string]> = [
      [level({ name: 'default' }), 'level_default_protected'],
      [level({ name: 'Tier 1' }), 'level_name_reserved'],
      [level({ name: 'tier 1' }), 'level_name_reserved'],
      [level({ name: '' }), 'level_name_required'],
      [{ name: 'x' }, 'level_priority_invalid'],
      [level({ name: 'x', priority: -1 }), 'level_priority_invalid'],
      [level({ name: 'x', priority: 1.5 }), 'level_priority_invalid'],
      [level({ name: 'x', model_request_limits: { 'gpt-4o': 'many' } }), 'invalid_request'],
      [level({ name: 'x', group_discount: 20 }), 'level_parse_failed'],
    ];
    for (const [body, code] of refusals) {
      const refused = await save('POST', body);
      expect(refused.body.success, code).toBe(false);
      if (code !== 'invalid_request') expect(refused.body.code, code).toBe(code);
    }
    const made = await save(
      'POST',
      level({ name: 'gold', group_discount: 0.9, extra_discount: 0.9 }),
    );
    expect(made.body.success).toBe(true);
    expect(await find('gold')).toMatchObject({ final_discount: 0.81, users: 0 });
    expect((await save('POST', level({ name: 'gold' }))).body.code).toBe('level_name_taken');
    const renameDefault = await save('PUT', { ...defaultLevel, name: 'base' });
    expect(renameDefault.body.code).toBe('level_default_protected');
    const deleteDefault = await api(r.app, root, 'DELETE', `/api/level/${defaultLevel.id}`);
    expect(deleteDefault.body.code).toBe('level_default_protected');
    const admin = await newUser(r.ctx, Role.admin);
    expect((await api(r.app, admin, 'POST', '/api/level/', level({ name: 'y' }))).status).toBe(403);
  });

  it('prices with the level discount, shown in the billing detail', async () => {
    const plain = await r.newCaller();
    const gold = await r.newCaller(10_000_000, {}, { level: 'gold' });
    r.up.setBehaviour({ usage: { promptTokens: 1000, completionTokens: 1000 } });
    await r.post('/v1/chat/completions', ask('gpt-4o'), bearer(plain.key));
    await r.post('/v1/chat/completions', ask('gpt-4o'), bearer(gold.key));
    const full = (await logsOf(r.ctx, plain.userId)).at(-1)!;
    const discounted = (await logsOf(r.ctx, gold.userId)).at(-1)!;
    expect(Number(discounted.quota)).toBe(Math.round(Number(full.quota) * 0.81));
    expect(JSON.parse(discounted.other)).toMatchObject({ user_discount: 0.81 });

    // A model price of the level replaces its discount for that model.
    const gold2 = await find('gold');
    await save('PUT', { ...gold2, model_prices: { 'gpt-4o': 0.5 } });
    await r.post('/v1/chat/completions', ask('gpt-4o'), bearer(gold.key));
    const half = (await logsOf(r.ctx, gold.userId)).at(-1)!;
    expect(Number(half.quota)).toBe(Math.round(Number(full.quota) * 0.5));
  });

  it('enforces the per-model request limit and the concurrency limit per user', async () => {
    await save(
      'POST',
      level({
        name: 'trial',
        model_request_limits: { 'gpt-4o-mini': 3 },
        model_concurrency_limits: { 'gpt-4o': 2 },
      }),
    );
    const user = await r.newCaller(50_000_000, {}, { level: 'trial' });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (await r.post('/v1/chat/completions', ask('gpt-4o-mini'), bearer(user.key))).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await r.post('/v1/chat/completions', ask('gpt-4o-mini'), bearer(user.key));
    expect(limited.json().error.message).toContain('3 requests per minute to gpt-4o-mini');

    r.up.setBehaviour({ latencyMs: 300 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        r.post('/v1/chat/completions', ask('gpt-4o'), bearer(user.key)),
      ),
    );
    r.up.reset();
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().error.message).toContain('2 requests to gpt-4o at once');
    // The slots come back once the requests end.
    expect((await r.post('/v1/chat/completions', ask('gpt-4o'), bearer(user.key))).statusCode).toBe(
      200,
    );

    const limits = await r.app.inject({
      method: 'GET',
      url: '/api/user/self/limits',
      headers: await userHeaders(user.userId),
    });
    const body = limits.json<{ data: UserLimits }>().data;
    expect(body.level.name).toBe('trial');
    expect(body.level.models).toContainEqual(
      expect.objectContaining({ model: 'gpt-4o-mini', request_limit: 3, request_used: 5 }),
    );
    expect(body.level.models).toContainEqual(
      expect.objectContaining({ model: 'gpt-4o', concurrency_limit: 2, in_flight: 0 }),
    );
  });

  it('upgrades on a top-up when every requirement is met, and logs it', async () => {
    await save(
      'POST',
      level({
        name: 'silver',
        priority: 5,
        auto_upgrade: true,
        required_topup_quota: 1_000_000,
      }),
    );
    await save('POST', level({ name: 'platinum', priority: 9, auto_upgrade: false }));
    const user = await newUser(r.ctx, Role.user);
    const codes = await api<string[]>(r.app, root, 'POST', '/api/redemption/', {
      name: 'lvl',
      quota: 600_000,
      count: 2,
    });
    await api(r.app, user, 'POST', '/api/user/topup', { key: codes.body.data[0] });
    const levelOf = async () =>
      (
        await r.ctx.db
          .selectFrom('users')
          .select('level')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).level;
    expect(await levelOf()).toBe('default');
    await api(r.app, user, 'POST', '/api/user/topup', { key: codes.body.data[1] });
    expect(await levelOf()).toBe('silver');
    const log = await r.ctx.db
      .selectFrom('logs')
      .select('content')
      .where('user_id', '=', user.id)
      .where('content', 'like', 'Level upgraded%')
      .execute();
    expect(log.map((l) => l.content)).toEqual([
      'Level upgraded automatically from default to silver',
    ]);

    // Renaming takes the users along; deleting moves them back to default.
    const silver = await find('silver');
    await save('PUT', { ...silver, name: 'silver-plus' });
    expect(await levelOf()).toBe('silver-plus');
    await api(r.app, root, 'DELETE', `/api/level/${silver.id}`);
    expect(await levelOf()).toBe('default');
  });

  it("applies a user's own discounts and concurrency cap, set on the user edit form", async () => {
    const plain = await r.newCaller();
    const vip = await r.newCaller();
    const put = (body: Record<string, unknown>) =>
      api(r.app, root, 'PUT', '/api/user/', { id: vip.userId, ...body });
    expect((await put({ extra_discount: 20 })).body.code).toBe('level_parse_failed');
    expect((await put({ model_discounts: { 'gpt-4o': 'x' } })).body.success).toBe(false);
    const saved = await put({
      extra_discount: 0.5,
      model_discounts: { 'gpt-4o-mini': 0.2 },
      concurrency_limit: 1,
    });
    expect(saved.body.success).toBe(true);
    r.up.setBehaviour({ usage: { promptTokens: 1000, completionTokens: 1000 } });
    for (const model of ['gpt-4o', 'gpt-4o-mini']) {
      await r.post('/v1/chat/completions', ask(model), bearer(plain.key));
      await r.post('/v1/chat/completions', ask(model), bearer(vip.key));
    }
    const full = await logsOf(r.ctx, plain.userId);
    const mine = await logsOf(r.ctx, vip.userId);
    expect(Number(mine[0].quota)).toBe(Math.round(Number(full[0].quota) * 0.5));
    expect(Number(mine[1].quota)).toBe(Math.round(Number(full[1].quota) * 0.1));

    r.up.setBehaviour({ latencyMs: 300 });
    const both = await Promise.all([
      r.post('/v1/chat/completions', ask('gpt-4o'), bearer(vip.key)),
      r.post('/v1/chat/completions', ask('gpt-4o'), bearer(vip.key)),
    ]);
    r.up.reset();
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 429]);
    expect(both.find((a) => a.statusCode === 429)!.json().error.message).toContain(
      '1 requests in flight',
    );
    const limits = await r.app.inject({
      method: 'GET',
      url: '/api/user/self/limits',
      headers: await userHeaders(vip.userId),
    });
    const body = limits.json<{ data: UserLimits }>().data;
    expect(body).toMatchObject({
      discount: 0.5,
      own: { concurrency_limit: 1, in_flight: 0, extra_discount: 0.5 },
    });
    expect(body.level.models).toContainEqual(
      expect.objectContaining({ model: 'gpt-4o-mini', price: 0.1 }),
    );
  });

  async function userHeaders(userId: number): Promise<Record<string, string>> {
    const token = `t${userId}x${Date.now()}`;
    await r.ctx.db
      .updateTable('users')
      .set({ access_token: token })
      .where('id', '=', userId)
      .execute();
    return { authorization: token, 'new-api-user': String(userId) };
  }
});
