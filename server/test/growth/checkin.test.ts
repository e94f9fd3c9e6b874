import { Role, type AffInfo, type CheckinStatus } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src/lib/time.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { createTestApp, testDb, testRedis, type TestApp } from '../helpers/test-context.js';
import { balanceOf } from '../money-in/money-helpers.js';
import { api, newUser, type TestUser } from '../tokens/console-helpers.js';

describe(`daily check-in and invitation transfers on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await newUser(t.ctx, Role.root);
    await t.ctx.settings.set('CheckinEnabled', 'true');
    await t.ctx.settings.set('CheckinMinQuota', '1000');
    await t.ctx.settings.set('CheckinMaxQuota', '5000');
  });
  afterAll(() => t.cleanup());

  const status = async (user: TestUser, month = '') =>
    (
      await api<CheckinStatus>(
        t.app,
        user,
        'GET',
        `/api/user/checkin${month ? `?month=${month}` : ''}`,
      )
    ).body;
  const checkIn = (user: TestUser) =>
    api<{ date: string; quota: number }>(t.app, user, 'POST', '/api/user/checkin');

  it('checks in once a day with a reward in the range, credited through the ledger', async () => {
    const user = await newUser(t.ctx, Role.user);
    const before = await status(user);
    expect(before.data).toMatchObject({
      enabled: true,
      today: localDate(),
      checked_in_today: false,
      days: [],
      min_quota: 1000,
      max_quota: 5000,
      total_days: 0,
    });
    const done = await checkIn(user);
    expect(done.body.success).toBe(true);
    expect(done.body.data.date).toBe(localDate());
    expect(done.body.data.quota).toBeGreaterThanOrEqual(1000);
    expect(done.body.data.quota).toBeLessThanOrEqual(5000);
    expect(await balanceOf(t.ctx, user.id)).toBe(done.body.data.quota);

    const again = await checkIn(user);
    expect(again.body).toMatchObject({ success: false, code: 'checkin_already' });
    const after = (await status(user)).data;
    expect(after.checked_in_today).toBe(true);
    expect(after.days).toEqual([{ date: localDate(), quota: done.body.data.quota }]);
    expect(after.recent).toEqual(after.days);
    expect(after.total_quota).toBe(done.body.data.quota);
    expect((await status(user, '2001-02')).data.days).toEqual([]);
    expect((await status(user, '2001-13')).code).toBe('checkin_month_invalid');

    const entry = await t.ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account_id', '=', user.id)
      .where('reason', '=', 'checkin')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ ref: localDate(), account: 'user' });
    const log = await t.ctx.db
      .selectFrom('logs')
      .select(['content', 'quota'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ content: `Daily check-in ${localDate()}`, quota: done.body.data.quota });
  });

  it('lets exactly one of 50 simultaneous check-ins through', async () => {
    const user = await newUser(t.ctx, Role.user);
    await t.ctx.settings.set('CheckinMinQuota', '777');
    await t.ctx.settings.set('CheckinMaxQuota', '777');
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          t.app.inject({ method: 'POST', url: '/api/user/checkin', headers: user.headers }),
        ),
      );
      const bodies = answers.map((a) => a.json<{ success: boolean; code?: string }>());
      expect(answers.every((a) => a.statusCode < 500)).toBe(true);
      expect(bodies.filter((b) => b.success)).toHaveLength(1);
      for (const b of bodies.filter((x) => !x.success)) expect(b.code).toBe('checkin_already');
      expect(await balanceOf(t.ctx, user.id)).toBe(777);
      const rows = await t.ctx.db
        .selectFrom('checkins')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(1);
    } finally {
      await t.ctx.settings.set('CheckinMinQuota', '1000');
      await t.ctx.settings.set('CheckinMaxQuota', '5000');
    }
  });

  it('refuses check-ins while the feature is off', async () => {
    await t.ctx.settings.set('CheckinEnabled', 'false');
    try {
      const user = await newUser(t.ctx, Role.user);
      expect((await checkIn(user)).body.code).toBe('checkin_disabled');
      expect(await balanceOf(t.ctx, user.id)).toBe(0);
    } finally {
      await t.ctx.settings.set('CheckinEnabled', 'true');
    }
  });

  it('moves invitation balance into the quota, never more than there is', async () => {
    const inviter = await newUser(t.ctx, Role.user);
    await t.ctx.settings.set('QuotaForInviter', '600000');
    await t.ctx.settings.set('QuotaForInvitee', '100000');
    const info = await api<AffInfo>(t.app, inviter, 'GET', '/api/user/aff/info');
    for (const name of ['friend1', 'friend2']) {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: {
          username: `${name}${inviter.id}`,
          password: 'password123',
          aff_code: info.body.data.code,
        },
      });
      expect(made.json().success).toBe(true);
    }
    const filled = (await api<AffInfo>(t.app, inviter, 'GET', '/api/user/aff/info')).body.data;
    expect(filled).toMatchObject({
      count: 2,
      quota: 1_200_000,
      history_quota: 1_200_000,
      min_transfer: 500_000,
    });

    const transfer = (quota: unknown) =>
      api(t.app, inviter, 'POST', '/api/user/aff_transfer', { quota });
    expect((await transfer(100)).body.code).toBe('aff_transfer_below_min');
    expect((await transfer(1.5)).body.code).toBe('aff_transfer_invalid');
    expect((await transfer('600000')).body.code).toBe('aff_transfer_invalid');
    expect((await transfer(2_000_000)).body.code).toBe('aff_quota_insufficient');

    // Three transfers of 500,000 race for 1,200,000: two go through, the third moves nothing.
    const raced = await Promise.all([transfer(500_000), transfer(500_000), transfer(500_000)]);
    expect(raced.filter((r) => r.body.success)).toHaveLength(2);
    expect(raced.find((r) => !r.body.success)?.body.code).toBe('aff_quota_insufficient');
    const after = (await api<AffInfo>(t.app, inviter, 'GET', '/api/user/aff/info')).body.data;
    expect(after.quota).toBe(200_000);
    expect(after.history_quota).toBe(1_200_000);
    expect(await balanceOf(t.ctx, inviter.id)).toBe(1_000_000);
    const rows = await t.ctx.db
      .selectFrom('ledger_entries')
      .select(['account', 'delta', 'ref'])
      .where('account_id', '=', inviter.id)
      .where('reason', '=', 'aff_transfer')
      .execute();
    expect(rows).toHaveLength(4);
    for (const ref of new Set(rows.map((r) => r.ref))) {
      const pair = rows.filter((r) => r.ref === ref);
      expect(pair.map((r) => Number(r.delta)).sort((a, b) => a - b)).toEqual([-500_000, 500_000]);
    }
    expect(await auditLedger(t.ctx)).toEqual([]);
  });
});
