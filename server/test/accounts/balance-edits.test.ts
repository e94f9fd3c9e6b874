import { LogType } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/test-context.js';
import { balancesOf, logsOf } from '../relay/relay-fixture.js';
import { startRelayTest, type RelayTest } from '../relay/relay-setup.js';
import { api, roleUsers, type TestUser } from '../tokens/console-helpers.js';

/** $0.01 per call = 5,000 quota. */
const price = 5_000;

describe(`admin balance edits on ${testDb}`, () => {
  let r: RelayTest;
  let root: TestUser;

  beforeAll(async () => {
    r = await startRelayTest();
    ({ root } = await roleUsers(r.ctx));
    await r.ctx.settings.set('ModelPrice', JSON.stringify({ 'm-fixed': 0.01 }));
    await r.channel({ models: ['m-fixed'] });
  });
  afterAll(() => r.cleanup());

  const spend = (key: string) =>
    r.post(
      '/v1/chat/completions',
      { model: 'm-fixed', messages: [{ role: 'user', content: 'x' }] },
      { authorization: `Bearer ${key}` },
    );
  const edit = (body: Record<string, unknown>) => api(r.app, root, 'PUT', '/api/user/', body);
  const manage = (body: Record<string, unknown>) =>
    api(r.app, root, 'POST', '/api/user/manage', body);

  it('never lets a form opened before some spending reset the balance', async () => {
    const caller = await r.newCaller(100_000);
    // The admin opens the edit form: it shows 100,000.
    const opened = await api<{ quota: number }>(r.app, root, 'GET', `/api/user/${caller.userId}`);
    expect(opened.body.data.quota).toBe(100_000);
    expect((await spend(caller.key)).statusCode).toBe(200);

    // An old client saves the whole form, the balance it read included: refused, nothing saved.
    const stale = await edit({ id: caller.userId, remark: 'vip', quota: 100_000 });
    expect(stale.body).toMatchObject({ success: false, code: 'quota_changed' });
    expect(stale.body.message).toContain('95000');
    // The console sends only what changed: the remark is saved, the balance stays.
    expect((await edit({ id: caller.userId, remark: 'vip' })).body.success).toBe(true);
    expect((await balancesOf(r.ctx, caller.userId)).quota).toBe(100_000 - price);

    // A balance edited from a stale value is refused too.
    const cas = await edit({ id: caller.userId, quota: 200_000, original_quota: 100_000 });
    expect(cas.body).toMatchObject({ success: false, code: 'quota_changed' });
    expect((await balancesOf(r.ctx, caller.userId)).quota).toBe(100_000 - price);

    // From the value it really has, it applies, and the log names the administrator.
    const ok = await edit({ id: caller.userId, quota: 200_000, original_quota: 100_000 - price });
    expect(ok.body.success).toBe(true);
    expect((await balancesOf(r.ctx, caller.userId)).quota).toBe(200_000);
    const manageLog = (await logsOf(r.ctx, caller.userId)).find((l) => l.type === LogType.manage);
    const admin = await r.ctx.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', root.id)
      .executeTakeFirstOrThrow();
    expect(manageLog?.content).toContain(`Administrator ${admin.username} `);
    expect(Number(manageLog?.quota)).toBe(200_000 - (100_000 - price));
  });

  it('applies an override of the quota dialog only from the balance it showed', async () => {
    const caller = await r.newCaller(10_000);
    await spend(caller.key);
    const stale = await manage({
      id: caller.userId,
      action: 'add_quota',
      mode: 'override',
      value: 50_000,
      original_quota: 10_000,
    });
    expect(stale.body).toMatchObject({ success: false, code: 'quota_changed' });
    expect((await balancesOf(r.ctx, caller.userId)).quota).toBe(10_000 - price);
  });

  it('refuses amounts and balances past the safe-integer range', async () => {
    const caller = await r.newCaller(Number.MAX_SAFE_INTEGER - 10);
    const past = await manage({ id: caller.userId, action: 'add_quota', mode: 'add', value: 11 });
    expect(past.body).toMatchObject({ success: false, code: 'quota_too_large' });
    expect((await balancesOf(r.ctx, caller.userId)).quota).toBe(Number.MAX_SAFE_INTEGER - 10);
    expect(
      (await manage({ id: caller.userId, action: 'add_quota', mode: 'add', value: 10 })).body
        .success,
    ).toBe(true);
    expect((await balancesOf(r.ctx, caller.userId)).quota).toBe(Number.MAX_SAFE_INTEGER);

    const huge = await api(r.app, root, 'POST', '/api/user/manage', {
      id: caller.userId,
      action: 'add_quota',
      mode: 'add',
      value: 2 ** 53,
    });
    expect(huge.body).toMatchObject({ success: false, code: 'quota_too_large' });
    const set = await edit({ id: caller.userId, quota: 2 ** 60, original_quota: 0 });
    expect(set.body).toMatchObject({ success: false, code: 'quota_too_large' });
  });
});
