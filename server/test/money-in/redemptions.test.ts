import { LogType, Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/lib/time.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { balanceOf } from './money-helpers.js';
import { api, newUser, type TestUser } from '../tokens/console-helpers.js';

interface Code {
  id: number;
  key: string;
  name: string;
  status: number;
  quota: number;
  redeemed_time: number;
  used_user_id: number;
  expired_time: number;
}

describe(`redemption codes on ${testDb}`, () => {
  let t: TestApp;
  let root: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    root = await newUser(t.ctx, Role.root);
  });
  afterAll(() => t.cleanup());

  const generate = async (body: Record<string, unknown>) =>
    api<string[]>(t.app, root, 'POST', '/api/redemption/', {
      name: 'batch',
      quota: 1000,
      count: 1,
      ...body,
    });
  const codeOf = async (key: string) =>
    t.ctx.db.selectFrom('redemptions').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
  const redeem = (user: TestUser, key: unknown) =>
    api<number>(t.app, user, 'POST', '/api/user/topup', { key });
  const balance = (id: number) => balanceOf(t.ctx, id);

  it('generates batches of 32-hex codes for root only, names 1-20 long, 1-100 codes', async () => {
    const made = await generate({ name: 'launch', quota: 5000, count: 5 });
    expect(made.body.success).toBe(true);
    expect(made.body.data).toHaveLength(5);
    for (const key of made.body.data) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(made.body.data).size).toBe(5);

    const admin = await newUser(t.ctx, Role.admin);
    const denied = await api(t.app, admin, 'POST', '/api/redemption/', {
      name: 'x',
      quota: 1,
      count: 1,
    });
    expect(denied.body.success).toBe(false);
    expect((await api(t.app, admin, 'GET', '/api/redemption/')).body.success).toBe(false);

    expect((await generate({ name: '' })).body.code).toBe('redemption_name_invalid');
    expect((await generate({ name: 'x'.repeat(21) })).body.code).toBe('redemption_name_invalid');
    expect((await generate({ count: 0 })).body.code).toBe('redemption_count_invalid');
    expect((await generate({ count: 101 })).body.code).toBe('redemption_count_invalid');
    expect((await generate({ quota: 0 })).body.code).toBe('redemption_quota_invalid');
    expect((await generate({ expired_time: nowSeconds() - 60 })).body.code).toBe(
      'redemption_expiry_in_past',
    );
    expect((await generate({ count: 100 })).body.data).toHaveLength(100);
  });

  it('credits a code once, through the ledger, naming it in the log and the ledger row', async () => {
    const user = await newUser(t.ctx, Role.user);
    const [key] = (await generate({ name: 'gift', quota: 12_345 })).body.data;
    expect((await redeem(user, '')).body.code).toBe('redemption_code_missing');
    expect((await redeem(user, 'f'.repeat(32))).body.code).toBe('redemption_code_invalid');

    const ok = await redeem(user, ` ${key!.toUpperCase()} `);
    expect(ok.body).toMatchObject({ success: true, data: 12_345 });
    expect(await balance(user.id)).toBe(12_345);
    expect((await redeem(user, key)).body.code).toBe('redemption_code_used');
    expect(await balance(user.id)).toBe(12_345);

    const self = await api<{ topup_quota: number }>(t.app, user, 'GET', '/api/user/self');
    expect(self.body.data.topup_quota).toBe(12_345);
    const code = await codeOf(key!);
    expect(code).toMatchObject({ status: 3, used_user_id: user.id });
    expect(Number(code.redeemed_time)).toBeGreaterThan(0);
    const log = await t.ctx.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ type: LogType.topup });
    expect(Number(log.quota)).toBe(12_345);
    expect(log.content).toContain(key);
    const entry = await t.ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account', '=', 'user')
      .where('account_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ reason: 'redeem', ref: key, operator_id: user.id });
    expect(Number(entry.balance_after)).toBe(12_345);
  });

  it('credits exactly once when many users race for one code', async () => {
    const racers = await Promise.all(Array.from({ length: 12 }, () => newUser(t.ctx, Role.user)));
    const [key] = (await generate({ name: 'race', quota: 777 })).body.data;
    const results = await Promise.all(racers.map((u) => redeem(u, key)));
    const won = results.filter((r) => r.body.success);
    expect(won).toHaveLength(1);
    expect(
      results.filter((r) => !r.body.success).every((r) => r.body.code === 'redemption_code_used'),
    ).toBe(true);
    const balances = await Promise.all(racers.map((u) => balance(u.id)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(777);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('refuses disabled and expired codes and limits attempts per user', async () => {
    const user = await newUser(t.ctx, Role.user);
    const [disabled] = (await generate({ name: 'off' })).body.data;
    const code = await codeOf(disabled!);
    const off = await api(t.app, root, 'PUT', '/api/redemption/?status_only=true', {
      id: code.id,
      status: 2,
    });
    expect(off.body.success).toBe(true);
    expect((await redeem(user, disabled)).body.code).toBe('redemption_code_invalid');

    const [soon] = (await generate({ name: 'soon', expired_time: nowSeconds() + 3600 })).body.data;
    await t.ctx.db
      .updateTable('redemptions')
      .set({ expired_time: nowSeconds() - 1 })
      .where('key', '=', soon!)
      .execute();
    expect((await redeem(user, soon)).body.code).toBe('redemption_code_expired');

    const guesser = await newUser(t.ctx, Role.user);
    const attempts = [];
    for (let i = 0; i < 11; i++) attempts.push(await redeem(guesser, `${i}`.padStart(32, 'a')));
    expect(attempts.slice(0, 10).every((a) => a.body.code === 'redemption_code_invalid')).toBe(
      true,
    );
    expect(attempts[10]!.status).toBe(429);
  });

  it('lists, searches, edits and deletes, keeping used codes as they are', async () => {
    const keys = (await generate({ name: 'findme', quota: 50, count: 3 })).body.data;
    const user = await newUser(t.ctx, Role.user);
    expect((await redeem(user, keys[0])).body.success).toBe(true);
    const used = await codeOf(keys[0]!);
    const second = await codeOf(keys[1]!);

    type Page = { total: number; items: Code[] };
    const byName = await api<Page>(t.app, root, 'GET', '/api/redemption/search?keyword=find');
    expect(byName.body.data.total).toBe(3);
    const byId = await api<Page>(t.app, root, 'GET', `/api/redemption/search?keyword=${second.id}`);
    expect(byId.body.data.items.map((c) => c.id)).toContain(second.id);
    const usedOnly = await api<Page>(t.app, root, 'GET', '/api/redemption/?status=3&keyword=find');
    expect(usedOnly.body.data.items.map((c) => c.key)).toEqual([keys[0]]);

    const edited = await api<Code>(t.app, root, 'PUT', '/api/redemption/', {
      id: second.id,
      name: 'renamed',
      quota: 60,
    });
    expect(edited.body.data).toMatchObject({ name: 'renamed', quota: 60, status: 1 });
    const reopen = await api(t.app, root, 'PUT', '/api/redemption/?status_only=true', {
      id: used.id,
      status: 1,
    });
    expect(reopen.body.code).toBe('redemption_code_used');

    const [expiring] = (await generate({ name: 'old', expired_time: nowSeconds() + 3600 })).body
      .data;
    await t.ctx.db
      .updateTable('redemptions')
      .set({ expired_time: nowSeconds() - 1 })
      .where('key', '=', expiring!)
      .execute();
    const expiredList = await api<Page>(
      t.app,
      root,
      'GET',
      '/api/redemption/?status=4&keyword=old',
    );
    expect(expiredList.body.data.items.map((c) => c.key)).toEqual([expiring]);

    const before = await t.ctx.db.selectFrom('redemptions').select('key').execute();
    const removed = await api<number>(t.app, root, 'DELETE', '/api/redemption/invalid');
    expect(removed.body.success).toBe(true);
    const after = new Set(
      (
        await t.ctx.db.selectFrom('redemptions').select(['key', 'status', 'expired_time']).execute()
      ).map((c) => c.key),
    );
    expect(after.has(keys[0]!)).toBe(false);
    expect(after.has(expiring!)).toBe(false);
    expect(after.has(keys[1]!)).toBe(true);
    expect(removed.body.data).toBe(before.length - after.size);

    expect((await api(t.app, root, 'DELETE', `/api/redemption/${second.id}`)).body.success).toBe(
      true,
    );
    expect((await api(t.app, root, 'GET', `/api/redemption/${second.id}`)).body.code).toBe(
      'redemption_not_found',
    );
  });
});
