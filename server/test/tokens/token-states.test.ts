import { Role, type TokenItem } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markTokenExhausted } from '../../src/domain/tokens/token-status.js';
import { nowSeconds } from '../../src/lib/time.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { api, newUser, type TestUser } from './console-helpers.js';

describe(`API key states on ${testDb}`, () => {
  let t: TestApp;
  let user: TestUser;
  const make = async (body: object) =>
    (await api<TokenItem[]>(t.app, user, 'POST', '/api/token/', { name: 'k', ...body })).body
      .data[0];
  const get = async (id: number) =>
    (await api<TokenItem>(t.app, user, 'GET', `/api/token/${id}`)).body.data;
  const put = (body: object, statusOnly = false) =>
    api<TokenItem>(t.app, user, 'PUT', `/api/token/${statusOnly ? '?status_only=true' : ''}`, body);

  beforeAll(async () => {
    t = await createTestApp();
    user = await newUser(t.ctx, Role.user);
  });
  afterAll(() => t.cleanup());

  it('shows a key whose expiry passed as expired and refuses to enable it until the expiry changes', async () => {
    const key = await make({ expired_time: nowSeconds() + 3600 });
    await t.ctx.db
      .updateTable('tokens')
      .set({ expired_time: nowSeconds() - 5 })
      .where('id', '=', key.id)
      .execute();
    const listed = await api<{ items: TokenItem[] }>(t.app, user, 'GET', '/api/token/?status=3');
    expect(listed.body.data.items.map((k) => k.id)).toContain(key.id);

    expect((await put({ id: key.id, status: 1 }, true)).body.code).toBe('token_cannot_enable');
    expect((await put({ id: key.id, name: 'renamed', status: 1 })).body.code).toBe(
      'token_cannot_enable',
    );
    expect((await put({ id: key.id, expired_time: nowSeconds() - 1 })).body.code).toBe(
      'token_expiry_in_past',
    );

    // A valid expiry alone keeps the state; asking for state 1 enables it.
    const fixed = await put({ id: key.id, expired_time: nowSeconds() + 600, status: 3 });
    expect(fixed.body.data.status).toBe(3);
    expect((await put({ id: key.id, status: 1 }, true)).body.data.status).toBe(1);
  });

  it('re-enables in one edit when the expiry and state 1 are sent together', async () => {
    const key = await make({});
    await t.ctx.db
      .updateTable('tokens')
      .set({ expired_time: nowSeconds() - 5, status: 3 })
      .where('id', '=', key.id)
      .execute();
    const res = await put({ id: key.id, expired_time: -1, status: 1 });
    expect(res.body.data).toMatchObject({ status: 1, expired_time: -1 });
  });

  it('marks an exhausted key and enables it again only after its quota is raised', async () => {
    const key = await make({ remain_quota: 10 });
    expect(await markTokenExhausted(t.ctx, key.id)).toBe(false);
    await t.ctx.db
      .updateTable('tokens')
      .set({ remain_quota: 0 })
      .where('id', '=', key.id)
      .execute();
    expect(await markTokenExhausted(t.ctx, key.id)).toBe(true);
    expect((await get(key.id)).status).toBe(4);

    expect((await put({ id: key.id, status: 1 }, true)).body.code).toBe('token_cannot_enable');
    expect(
      (await put({ id: key.id, remain_quota: 1000, original_remain_quota: 0, status: 4 })).body.data
        .status,
    ).toBe(4);
    expect((await put({ id: key.id, status: 1 }, true)).body.data.status).toBe(1);

    await t.ctx.db
      .updateTable('tokens')
      .set({ remain_quota: 0 })
      .where('id', '=', key.id)
      .execute();
    await markTokenExhausted(t.ctx, key.id);
    const unlimited = await put({ id: key.id, unlimited_quota: true, status: 1 });
    expect(unlimited.body.data).toMatchObject({ status: 1, unlimited_quota: true });
  });

  it('never marks an unlimited key exhausted', async () => {
    const key = await make({ unlimited_quota: true, remain_quota: 0 });
    expect(await markTokenExhausted(t.ctx, key.id)).toBe(false);
  });

  it('disables and re-enables an ordinary key freely', async () => {
    const key = await make({ remain_quota: 0 });
    expect((await put({ id: key.id, status: 2 }, true)).body.data.status).toBe(2);
    expect((await put({ id: key.id, status: 1 }, true)).body.data.status).toBe(1);
  });
});
