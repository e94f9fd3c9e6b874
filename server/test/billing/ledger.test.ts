import { Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../helpers/ledger-audit.js';
import { testDb, testRedis } from '../helpers/test-context.js';
import { balancesOf } from '../relay/relay-fixture.js';
import { startRelayTest, type RelayTest } from '../relay/relay-setup.js';
import { api, newUser, roleUsers, type TestUser } from '../tokens/console-helpers.js';
import { post } from '../../src/billing/ledger/index.js';

const chat = (extra: Record<string, unknown> = {}) => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'Hello there' }],
  ...extra,
});

describe(`the ledger on ${testDb}`, () => {
  let r: RelayTest;
  let root: TestUser;

  beforeAll(async () => {
    r = await startRelayTest();
    ({ root } = await roleUsers(r.ctx));
    await r.channel({ models: ['gpt-4o-mini'] });
  });
  afterAll(() => r.cleanup());

  const entriesOf = async (account: string, accountId: number) => {
    await r.ctx.billing.flush();
    return r.ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account', '=', account)
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
  };

  it('writes a row for every move of a relay request, on the user and on a limited key', async () => {
    const caller = await r.newCaller(5_000_000, { unlimited: false, remainQuota: 2_000_000 });
    r.up.setBehaviour({ usage: { promptTokens: 10, completionTokens: 20 } });
    const res = await r.post('/v1/chat/completions', chat(), {
      authorization: `Bearer ${caller.key}`,
    });
    expect(res.statusCode).toBe(200);
    const requestId = String(res.headers['x-oneapi-request-id'] ?? '');
    // SQLite holds the reservation in memory and the other engines in Redis, so the one row
    // is the cost; without Redis they write the hold, then the difference.
    const moves =
      testDb === 'sqlite' || testRedis
        ? ['opening', 'relay_settle']
        : ['opening', 'relay_reserve', 'relay_settle'];
    const user = await entriesOf('user', caller.userId);
    expect(user.map((e) => e.reason)).toEqual(moves);
    const key = await entriesOf('token', caller.tokenId);
    expect(key.map((e) => e.reason)).toEqual(moves);
    if (requestId) expect(user[1]!.ref).toBe(requestId);
    const balances = await balancesOf(r.ctx, caller.userId, caller.tokenId);
    expect(Number(user.at(-1)!.balance_after)).toBe(balances.quota);
    expect(Number(key.at(-1)!.balance_after)).toBe(balances.tokenRemain);
    expect(await auditLedger(r.ctx)).toEqual([]);
  });

  it('balances under concurrent answers, extra charges, streams and refunds', async () => {
    const callers = await Promise.all([
      r.newCaller(3_000_000, { unlimited: false, remainQuota: 1_000_000 }),
      r.newCaller(2_000_000),
      // Too little for the extras: settlement takes what is left, never below zero.
      r.newCaller(2_000, { unlimited: false, remainQuota: 1_500 }),
    ]);
    // Usage far above what the reservation estimated: every answer is charged extra.
    r.up.setBehaviour({ usage: { promptTokens: 3_000, completionTokens: 900 } });
    const send = (key: string, i: number) =>
      r.post('/v1/chat/completions', chat(i % 2 === 0 ? { stream: true } : {}), {
        authorization: `Bearer ${key}`,
      });
    await Promise.all(callers.flatMap((c) => Array.from({ length: 12 }, (_, i) => send(c.key, i))));
    r.up.setBehaviour({ error: { status: 500, message: 'boom' } });
    await Promise.all(callers.map((c, i) => send(c.key, i)));
    r.up.reset();
    await r.ctx.billing.flush();
    for (const c of callers) {
      const b = await balancesOf(r.ctx, c.userId, c.tokenId);
      expect(b.quota).toBeGreaterThanOrEqual(0);
      expect(b.tokenRemain).toBeGreaterThanOrEqual(0);
    }
    expect(await auditLedger(r.ctx)).toEqual([]);
  });

  it('names the administrator on balance changes and refuses what is past the exact range', async () => {
    const caller = await r.newCaller(1_000);
    const manage = (body: Record<string, unknown>) =>
      api(r.app, root, 'POST', '/api/user/manage', {
        id: caller.userId,
        action: 'add_quota',
        ...body,
      });
    expect((await manage({ mode: 'add', value: 500 })).body.success).toBe(true);
    expect((await manage({ mode: 'subtract', value: 300 })).body.success).toBe(true);
    expect((await manage({ mode: 'subtract', value: 5_000 })).body.code).toBe('quota_below_zero');
    expect((await manage({ mode: 'add', value: Number.MAX_SAFE_INTEGER })).body.code).toBe(
      'quota_too_large',
    );
    const set = await manage({ mode: 'override', value: 7_777, original_quota: 1_200 });
    expect(set.body.success).toBe(true);
    const rows = await entriesOf('user', caller.userId);
    expect(rows.map((e) => [e.reason, Number(e.delta), Number(e.balance_after)])).toEqual([
      ['opening', 1_000, 1_000],
      ['admin_add', 500, 1_500],
      ['admin_subtract', -300, 1_200],
      ['admin_set', 6_577, 7_777],
    ]);
    expect(rows.slice(1).every((e) => e.operator_id === root.id)).toBe(true);
    expect(await auditLedger(r.ctx)).toEqual([]);
  });

  it('gives new accounts and keys their quota through the ledger', async () => {
    await r.ctx.settings.set('QuotaForNewUser', '4321');
    const created = await api(r.app, root, 'POST', '/api/user/', {
      username: `led${Date.now() % 100_000}`,
      password: 'a-long-password-1',
    });
    expect(created.body.success).toBe(true);
    const user = await r.ctx.db
      .selectFrom('users')
      .select(['id', 'access_token'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const rows = await entriesOf('user', user.id);
    expect(rows.map((e) => [e.reason, Number(e.delta), e.operator_id])).toEqual([
      ['signup_gift', 4321, root.id],
    ]);
    await r.ctx.settings.set('QuotaForNewUser', '0');

    const key = await api<Array<{ id: number }> | { id: number }>(
      r.app,
      root,
      'POST',
      '/api/token/',
      {
        name: 'ledger key',
        remain_quota: 9_000,
        unlimited_quota: false,
      },
    );
    expect(key.body.success).toBe(true);
    const made = await r.ctx.db
      .selectFrom('tokens')
      .select('id')
      .where('user_id', '=', root.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await entriesOf('token', made.id)).map((e) => [e.reason, Number(e.delta)])).toEqual([
      ['key_open', 9_000],
    ]);
    expect(await auditLedger(r.ctx)).toEqual([]);
  });

  it("sets a key's quota only from the value its editor read", async () => {
    const created = await api(r.app, root, 'POST', '/api/token/', {
      name: 'cas key',
      remain_quota: 10_000,
      unlimited_quota: false,
    });
    expect(created.body.success).toBe(true);
    const { id } = await r.ctx.db
      .selectFrom('tokens')
      .select('id')
      .where('name', '=', 'cas key')
      .executeTakeFirstOrThrow();
    const put = (body: Record<string, unknown>) =>
      api(r.app, root, 'PUT', '/api/token/', { id, ...body });
    // The relay spends 2,500 of it while the form is open.
    await post(r.ctx.db, {
      account: 'token',
      accountId: id,
      delta: -2_500,
      reason: 'admin_subtract',
    });
    // A whole stale form: refused, nothing saved.
    const stale = await put({ name: 'renamed', remain_quota: 10_000 });
    expect(stale.body).toMatchObject({ success: false, code: 'quota_changed' });
    const staleCas = await put({ remain_quota: 20_000, original_remain_quota: 10_000 });
    expect(staleCas.body).toMatchObject({ success: false, code: 'quota_changed' });
    // Only the name: the quota stays as spent.
    expect((await put({ name: 'renamed' })).body.success).toBe(true);
    const ok = await put({ remain_quota: 20_000, original_remain_quota: 7_500 });
    expect(ok.body.success).toBe(true);
    const rows = await entriesOf('token', id);
    expect(rows.map((e) => [e.reason, Number(e.delta), Number(e.balance_after)])).toEqual([
      ['key_open', 10_000, 10_000],
      ['admin_subtract', -2_500, 7_500],
      ['key_set', 12_500, 20_000],
    ]);
    expect(rows.at(-1)!.operator_id).toBe(root.id);
    expect(await auditLedger(r.ctx)).toEqual([]);
  });

  it('shows each user their own rows and every row to finance staff and above', async () => {
    const owner = await newUser(r.ctx, Role.user);
    const other = await r.newCaller(5_000);
    await r.ctx.db.transaction().execute(async (trx) => {
      await post(trx, { account: 'user', accountId: owner.id, delta: 700, reason: 'admin_add' });
    });
    const created = await api(r.app, owner, 'POST', '/api/token/', {
      name: 'own key',
      remain_quota: 300,
      unlimited_quota: false,
    });
    expect(created.body.success).toBe(true);

    type Page = {
      total: number;
      items: Array<{ account: string; account_id: number; delta: number }>;
    };
    const own = await api<Page>(r.app, owner, 'GET', '/api/ledger/self');
    expect(own.body.data.items.map((e) => [e.account, e.delta]).sort()).toEqual([
      ['token', 300],
      ['user', 700],
    ]);
    expect(own.body.data.items.some((e) => e.account_id === other.userId)).toBe(false);
    const denied = await api(r.app, owner, 'GET', '/api/ledger/');
    expect(denied.body.success).toBe(false);

    const finance = await newUser(r.ctx, Role.finance);
    const all = await api<Page>(
      r.app,
      finance,
      'GET',
      `/api/ledger/?account=user&account_id=${other.userId}`,
    );
    expect(all.body.data).toMatchObject({ total: 1, items: [{ account: 'user', delta: 5_000 }] });
  });
});
