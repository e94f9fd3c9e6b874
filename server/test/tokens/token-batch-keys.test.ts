import { Role, type TokenItem } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revealKeysLimit } from '../../src/domain/tokens/reveal-keys.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { api, newUser, type TestUser } from './console-helpers.js';

describe(`POST /api/token/batch/keys on ${testDb}`, () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const create = async (owner: TestUser, count: number) =>
    (await api<TokenItem[]>(t.app, owner, 'POST', '/api/token/', { name: 'k', count })).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await newUser(t.ctx, Role.user);
    bob = await newUser(t.ctx, Role.user);
  });
  afterAll(() => t.cleanup());

  it('reveals only the caller’s own live keys, by id, without caching', async () => {
    const [a1, a2, a3] = await create(alice, 3);
    const [b1] = await create(bob, 1);
    await api(t.app, alice, 'DELETE', `/api/token/${a3.id}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/batch/keys',
      headers: alice.headers,
      payload: { ids: [a1.id, a2.id, a3.id, b1.id, 999999] },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const keys = res.json<{ success: boolean; data: Record<string, string> }>().data;
    expect(Object.keys(keys).sort()).toEqual([String(a1.id), String(a2.id)].sort());
    const stored = await t.ctx.db
      .selectFrom('tokens')
      .select(['id', 'key'])
      .where('id', 'in', [a1.id, a2.id])
      .execute();
    for (const row of stored) expect(keys[String(row.id)]).toBe(row.key);
    expect(keys[String(a1.id)]).toMatch(/^[0-9a-zA-Z]{48}$/);
  });

  it('refuses an empty selection and a caller without a session', async () => {
    const empty = await api(t.app, alice, 'POST', '/api/token/batch/keys', { ids: [] });
    expect(empty.body).toMatchObject({ success: false, code: 'tokens_not_selected' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/token/batch/keys',
      payload: { ids: [1] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is rate limited per user', async () => {
    const [key] = await create(bob, 1);
    const reveal = () => api(t.app, bob, 'POST', '/api/token/batch/keys', { ids: [key.id] });
    const carol = await newUser(t.ctx, Role.user);
    for (let i = 0; i < revealKeysLimit.limit; i++) {
      expect((await reveal()).body.success).toBe(true);
    }
    const limited = await reveal();
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('too_many_requests');
    // Another user keeps their own budget.
    const other = await api(t.app, carol, 'POST', '/api/token/batch/keys', { ids: [key.id] });
    expect(other.body).toMatchObject({ success: true, data: {} });
  });

  it('still searches keys by name and key', async () => {
    const [made] = await create(alice, 1);
    const full = (await api<{ key: string }>(t.app, alice, 'POST', `/api/token/${made.id}/key`))
      .body.data.key;
    const res = await api<{ items: TokenItem[] }>(
      t.app,
      alice,
      'GET',
      `/api/token/search?keyword=&token=sk-${full.slice(0, 10)}`,
    );
    expect(res.body.data.items.map((i) => i.id)).toEqual([made.id]);
  });
});
