import { Role, TokenStatus, type LogItem, type Page, type TokenUsage } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomAlphanumeric } from '../../src/lib/random.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { get, insertLogs, newUser, type TestUser } from './logs-helpers.js';

const t0 = 1_705_000_000;

describe(`key self-service routes on ${testDb}`, () => {
  let t: TestApp;
  let alice: TestUser;
  const keys: Record<string, { id: number; key: string }> = {};
  const bearer = (name: string) => ({ authorization: `Bearer sk-${keys[name].key}` });

  const addKey = async (name: string, fields: Record<string, number | string> = {}) => {
    const key = randomAlphanumeric(48);
    await t.ctx.db
      .insertInto('tokens')
      .values({
        user_id: alice.id,
        key,
        name,
        model_limits: '',
        allow_ips: '',
        deny_ips: '',
        ...fields,
      })
      .execute();
    const row = await t.ctx.db
      .selectFrom('tokens')
      .select('id')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    keys[name] = { id: row.id, key };
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await newUser(t.ctx, Role.user, 'alice');
    await addKey('main', {
      remain_quota: 700,
      used_quota: 300,
      model_limits: 'gpt-4o, claude-3',
      model_limits_enabled: 1,
      expired_time: 1_900_000_000,
    });
    await addKey('spare', { unlimited_quota: 1, status: TokenStatus.exhausted });
    await addKey('off', { status: TokenStatus.disabled });
    await insertLogs(t.ctx, [
      ...[0, 1, 2].map((i) => ({
        user_id: alice.id,
        type: 2,
        created_at: t0 + i,
        token_id: keys.main.id,
        token_name: 'main',
        channel_id: 4,
        quota: 10,
      })),
      {
        user_id: alice.id,
        type: 2,
        created_at: t0 + 5,
        token_id: keys.spare.id,
        token_name: 'spare',
        quota: 1,
      },
      // Another user's row that happens to carry the same key id must never show.
      { user_id: alice.id + 1000, type: 2, created_at: t0 + 6, token_id: keys.main.id, quota: 99 },
    ]);
  });
  afterAll(() => t.cleanup());

  it('lists the logs of the presented key only, without channels, with CORS', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/log/token?page_size=50',
      headers: bearer('main'),
    });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const data = res.json<{ data: Page<LogItem> }>().data;
    expect(data.total).toBe(3);
    expect(data.items.map((i) => i.created_at)).toEqual([t0 + 2, t0 + 1, t0]);
    expect(data.items[0]).not.toHaveProperty('channel');
    const ranged = await get<Page<LogItem>>(
      t.app,
      `/api/log/token?start_timestamp=${t0 + 1}&end_timestamp=${t0 + 1}`,
      bearer('main'),
    );
    expect(ranged.body.data.total).toBe(1);
    // An exhausted key may still read its usage (read-only key routes).
    const spare = await get<Page<LogItem>>(t.app, '/api/log/token', {
      authorization: `Bearer sk-${keys.spare.key}-3`,
    });
    expect(spare.body.data.items.map((i) => i.token_name)).toEqual(['spare']);
  });

  it('reports the presented key’s balance', async () => {
    const main = await get<TokenUsage>(t.app, '/api/usage/token/', bearer('main'));
    expect(main.body.data).toEqual({
      object: 'token_usage',
      name: 'main',
      total_granted: 1000,
      total_used: 300,
      total_available: 700,
      unlimited_quota: false,
      model_limits: { 'gpt-4o': true, 'claude-3': true },
      model_limits_enabled: true,
      expires_at: 1_900_000_000,
    });
    const spare = await get<TokenUsage>(t.app, '/api/usage/token/', bearer('spare'));
    expect(spare.body.data).toMatchObject({
      unlimited_quota: true,
      expires_at: 0,
      model_limits: {},
    });
  });

  it('refuses a missing, unknown or disabled key and a banned owner', async () => {
    const missing = await get(t.app, '/api/usage/token/');
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('token_missing');
    const unknown = await get(t.app, '/api/log/token', {
      authorization: `Bearer sk-${'x'.repeat(48)}`,
    });
    expect([unknown.status, unknown.body.code]).toEqual([401, 'token_invalid']);
    const disabled = await get(t.app, '/api/log/token', bearer('off'));
    expect([disabled.status, disabled.body.code]).toEqual([401, 'token_unavailable']);

    await t.ctx.db.updateTable('users').set({ status: 2 }).where('id', '=', alice.id).execute();
    await t.ctx.users.invalidate(alice.id);
    const banned = await get(t.app, '/api/usage/token/', bearer('main'));
    expect([banned.status, banned.body.code]).toEqual([403, 'user_banned']);
    await t.ctx.db.updateTable('users').set({ status: 1 }).where('id', '=', alice.id).execute();
    await t.ctx.users.invalidate(alice.id);
  });

  it('answers the CORS preflight', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/usage/token/' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-headers']).toContain('Authorization');
  });
});
