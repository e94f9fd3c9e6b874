import { Role, type Page, type TokenItem } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/lib/time.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { api, newUser, type TestUser } from './console-helpers.js';

describe(`API keys on ${testDb}`, () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const create = (user: TestUser, body: object) =>
    api<TokenItem[]>(t.app, user, 'POST', '/api/token/', body);

  beforeAll(async () => {
    t = await createTestApp();
    alice = await newUser(t.ctx, Role.user);
    bob = await newUser(t.ctx, Role.user);
  });
  afterAll(() => t.cleanup());

  it('creates a key with a server-made 48-character key, masked in lists, revealed on demand', async () => {
    const { body } = await create(alice, { name: 'first', remain_quota: 500000, expired_time: -1 });
    expect(body.success).toBe(true);
    const [item] = body.data;
    expect(item).toMatchObject({
      name: 'first',
      status: 1,
      remain_quota: 500000,
      unlimited_quota: false,
    });
    expect(item.key).toMatch(/^[0-9a-zA-Z]{4}\*{10}[0-9a-zA-Z]{4}$/);

    const revealed = await api<{ key: string }>(t.app, alice, 'POST', `/api/token/${item.id}/key`);
    expect(revealed.body.data.key).toMatch(/^[0-9a-zA-Z]{48}$/);
    expect(revealed.body.data.key.slice(0, 4)).toBe(item.key.slice(0, 4));
    expect(revealed.body.data.key.slice(-4)).toBe(item.key.slice(-4));

    const list = await api<Page<TokenItem>>(t.app, alice, 'GET', '/api/token/?p=1&size=10');
    expect(list.body.data).toMatchObject({ page: 1, page_size: 10, total: 1 });
    expect(list.body.data.items[0].key).toBe(item.key);
  });

  it('makes a numbered batch when asked for several keys', async () => {
    const { body } = await create(alice, { name: 'batch', count: 3, unlimited_quota: true });
    expect(body.data.map((k) => k.name).sort()).toEqual(['batch-1', 'batch-2', 'batch-3']);
    expect(new Set(body.data.map((k) => k.key)).size).toBe(3);
    const page = await api<Page<TokenItem>>(
      t.app,
      alice,
      'GET',
      '/api/token/search?keyword=BATCH&page_size=2',
    );
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.items).toHaveLength(2);
  });

  it('finds a key by a full, partial or masked value', async () => {
    const [item] = (await create(alice, { name: 'findme' })).body.data;
    const full = (await api<{ key: string }>(t.app, alice, 'POST', `/api/token/${item.id}/key`))
      .body.data.key;
    for (const token of [`sk-${full}`, full.slice(10, 30), item.key]) {
      const page = await api<Page<TokenItem>>(
        t.app,
        alice,
        'GET',
        `/api/token/?token=${encodeURIComponent(token)}`,
      );
      expect(page.body.data.items.map((k) => k.id)).toEqual([item.id]);
    }
  });

  it('validates the fields with clear messages', async () => {
    const cases: Array<[object, string]> = [
      [{ name: 'x'.repeat(51) }, 'token_name_too_long'],
      [{ name: 'q', remain_quota: -1 }, 'token_quota_negative'],
      [{ name: 'e', expired_time: nowSeconds() - 60 }, 'token_expiry_in_past'],
      [{ name: 'g', group: 'svip' }, 'token_group_unusable'],
      [{ name: 'i', allow_ips: '10.0.0.1\n300.1.1.1' }, 'token_ip_invalid'],
      [{ name: 'c', deny_ips: '10.0.0.0/33' }, 'token_ip_invalid'],
    ];
    for (const [body, code] of cases) {
      const res = await create(bob, body);
      expect({ status: res.status, success: res.body.success, code: res.body.code }).toEqual({
        status: 200,
        success: false,
        code,
      });
    }
    const ok = await create(bob, {
      name: 'ok',
      group: 'vip',
      allow_ips: '10.0.0.0/8\n2001:db8::/32\n::1',
      deny_ips: '10.1.2.3',
      model_limits_enabled: true,
      model_limits: 'gpt-4o, gpt-4o-mini,,gpt-4o',
      rate_limit_count: 5,
      rate_limit_window_seconds: 60,
      rate_limit_message: 'slow down',
      mj_setting: { mode: 'fast', image_proxy_mode: 'relay', backup_pool: true },
      expired_time: nowSeconds() + 3600,
    });
    expect(ok.body.success).toBe(true);
    expect(ok.body.data[0]).toMatchObject({
      group: 'vip',
      model_limits: 'gpt-4o,gpt-4o-mini',
      model_limits_enabled: true,
      mj_setting: {
        mode: 'fast',
        image_proxy_mode: 'relay',
        image_proxy_url: '',
        backup_pool: true,
      },
    });
  });

  it('lets a user use their own group even when it is not listed as usable', async () => {
    const svip = await newUser(t.ctx, Role.user, 'svip');
    expect((await create(svip, { name: 'own', group: 'svip' })).body.success).toBe(true);
  });

  it('caps the number of keys per user with MaxUserTokens', async () => {
    const carol = await newUser(t.ctx, Role.user);
    await t.ctx.settings.set('MaxUserTokens', '2');
    try {
      expect((await create(carol, { name: 'a', count: 2 })).body.success).toBe(true);
      expect((await create(carol, { name: 'b' })).body.code).toBe('token_limit_reached');
    } finally {
      await t.ctx.settings.set('MaxUserTokens', '1000');
    }
  });

  it("never shows, edits, reveals or deletes another user's key", async () => {
    const [mine] = (await create(alice, { name: 'private' })).body.data;
    const attempts = [
      api(t.app, bob, 'GET', `/api/token/${mine.id}`),
      api(t.app, bob, 'POST', `/api/token/${mine.id}/key`),
      api(t.app, bob, 'PUT', '/api/token/', { id: mine.id, name: 'stolen' }),
      api(t.app, bob, 'PUT', '/api/token/?status_only=true', { id: mine.id, status: 2 }),
      api(t.app, bob, 'DELETE', `/api/token/${mine.id}`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.body.code).toBe('token_not_found');
    const batch = await api<number>(t.app, bob, 'POST', '/api/token/batch', { ids: [mine.id] });
    expect(batch.body.data).toBe(0);
    const bobs = await api<Page<TokenItem>>(t.app, bob, 'GET', '/api/token/?page_size=100');
    expect(bobs.body.data.items.some((k) => k.id === mine.id)).toBe(false);
    const still = await api<TokenItem>(t.app, alice, 'GET', `/api/token/${mine.id}`);
    expect(still.body.data).toMatchObject({ name: 'private', status: 1 });
  });

  it('edits only the fields sent, and toggles the state with status_only', async () => {
    const [key] = (await create(alice, { name: 'edit', remain_quota: 100 })).body.data;
    const edited = await api<TokenItem>(t.app, alice, 'PUT', '/api/token/', {
      id: key.id,
      name: 'edited',
    });
    expect(edited.body.data).toMatchObject({ name: 'edited', remain_quota: 100, status: 1 });
    const off = await api<TokenItem>(t.app, alice, 'PUT', '/api/token/?status_only=true', {
      id: key.id,
      status: 2,
      name: 'ignored',
    });
    expect(off.body.data).toMatchObject({ name: 'edited', status: 2 });
    const on = await api<TokenItem>(t.app, alice, 'PUT', '/api/token/?status_only=true', {
      id: key.id,
      status: 1,
    });
    expect(on.body.data.status).toBe(1);
  });

  it('soft-deletes one key or a selection', async () => {
    const made = (await create(alice, { name: 'gone', count: 3 })).body.data;
    expect((await api(t.app, alice, 'DELETE', `/api/token/${made[0].id}`)).body.success).toBe(true);
    const batch = await api<number>(t.app, alice, 'POST', '/api/token/batch', {
      ids: made.map((k) => k.id),
    });
    expect(batch.body.data).toBe(2);
    expect((await api(t.app, alice, 'POST', '/api/token/batch', { ids: [] })).body.code).toBe(
      'tokens_not_selected',
    );
    const rows = await t.ctx.db
      .selectFrom('tokens')
      .select('deleted_at')
      .where(
        'id',
        'in',
        made.map((k) => k.id),
      )
      .execute();
    expect(rows.every((r) => r.deleted_at !== null)).toBe(true);
    expect((await api(t.app, alice, 'GET', `/api/token/${made[1].id}`)).body.code).toBe(
      'token_not_found',
    );
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/token/' });
    expect(res.statusCode).toBe(401);
  });
});
