import { Role, type AgentSelf, type WithdrawalItem } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../src/billing/ledger/index.js';
import { settleDividends } from '../../src/domain/agents/dividends.js';
import { failTask } from '../../src/domain/tasks/task-money.js';
import { findTask } from '../../src/db/queries/tasks.js';
import { localDate, nowSeconds } from '../../src/lib/time.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { chargeTask } from '../helpers/task-charge.js';
import { testDb, testRedis } from '../helpers/test-context.js';
import { startRelayTest, type RelayTest } from '../relay/relay-setup.js';
import { api, newUser, type TestUser } from '../tokens/console-helpers.js';

const day = 86_400;
/** $0.01 per call = 5,000 quota. */
const callPrice = 5_000;

/** A moment of the server's calendar, `back` days before today, in Unix seconds. */
function at(back: number, hour: number, minute = 0): number {
  const [y, m, d] = localDate().split('-').map(Number);
  return new Date(y, m - 1, d - back, hour, minute).getTime() / 1000;
}
const dateOf = (back: number) => localDate(new Date(at(back, 12) * 1000));

describe(`the agent programme on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: RelayTest;
  let channelId: number;
  let root: TestUser;
  let admin: TestUser;
  let finance: TestUser;
  let agent: TestUser;

  beforeAll(async () => {
    t = await startRelayTest();
    root = await newUser(t.ctx, Role.root);
    admin = await newUser(t.ctx, Role.admin);
    finance = await newUser(t.ctx, Role.finance);
    agent = await newUser(t.ctx, Role.user);
    await t.ctx.settings.set('ModelPrice', JSON.stringify({ 'm-fixed': 0.01 }));
    channelId = await t.channel({ models: ['m-fixed'] });
  });
  afterAll(() => t.cleanup());

  const self = async (who: TestUser) =>
    (await api<AgentSelf>(t.app, who, 'GET', '/api/agent/self')).body.data;
  const affOf = async (id: number) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('users')
          .select('aff_quota')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).aff_quota,
    );
  const apply = (who: TestUser, body: Record<string, unknown> = { contact: 'wx: agent' }) =>
    api(t.app, who, 'POST', '/api/agent/apply', body);
  const decide = (
    who: TestUser,
    userId: number,
    status: 'active' | 'disabled' | 'rejected',
    terms: { rate?: number; basis?: 'consumption' | 'topup' } = {},
  ) => api(t.app, who, 'PUT', '/api/agent/', { user_id: userId, status, rate: 0.1, ...terms });
  const dividendsOf = async (who: TestUser) =>
    (
      await api<{
        items: Array<{
          period: string;
          basis: string;
          rate: number;
          base_quota: number;
          quota: number;
        }>;
      }>(t.app, who, 'GET', '/api/agent/self/dividends?page_size=50')
    ).body.data.items;
  const setEffective = (userId: number, since: number) =>
    t.ctx.db
      .updateTable('agents')
      .set({ reviewed_at: since })
      .where('user_id', '=', userId)
      .execute();

  /** A funded user with a key, brought by `inviter`. */
  const invitee = async (inviter: TestUser | null) => {
    const caller = await t.newCaller(5_000_000);
    if (inviter) {
      await t.ctx.db
        .updateTable('users')
        .set({ inviter_id: inviter.id })
        .where('id', '=', caller.userId)
        .execute();
    }
    return caller;
  };
  /** One chat call at the fixed price, charged once its settlement is committed. */
  const chat = async (key: string) => {
    const res = await t.post(
      '/v1/chat/completions',
      { model: 'm-fixed', messages: [{ role: 'user', content: 'x' }] },
      { authorization: `Bearer ${key}` },
    );
    expect(res.statusCode).toBe(200);
    await t.ctx.billing.flush();
  };
  let taskSerial = 0;
  /** A music task charged as the submit pipeline charges it; answers its row. */
  const task = async (caller: { userId: number; tokenId: number }, quota: number) => {
    const taskId = `agent_task${++taskSerial}_${Date.now()}`;
    await chargeTask(t.ctx, { ...caller, tokenLimited: false, channelId, quota, taskId });
    return (await findTask(t.ctx.db, taskId))!;
  };
  const lastLedgerId = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    );
  /** Dates the ledger rows of `userIds` written after row `afterId` at `moment`. */
  const dateRows = (userIds: number[], afterId: number, moment: number) =>
    t.ctx.db
      .updateTable('ledger_entries')
      .set({ created_at: moment })
      .where('account', '=', 'user')
      .where('account_id', 'in', userIds)
      .where('id', '>', afterId)
      .execute();

  it('takes applications only while the programme is open, once each', async () => {
    expect((await apply(agent)).body.code).toBe('agent_disabled');
    await t.ctx.settings.set('RixApiProMax', 'true');
    await t.ctx.settings.set('AgentPageEnabled', 'true');
    expect((await apply(agent, { contact: ' ' })).body.code).toBe('agent_contact_required');
    expect(
      (await apply(agent, { contact: 'wx: agent', note: 'I run a community' })).body.success,
    ).toBe(true);
    const again = await apply(agent);
    expect(again.body.code).toBe('agent_already_applied');
    expect((await self(agent)).agent).toMatchObject({ status: 'pending', contact: 'wx: agent' });
  });

  it('shows the invited users and their money to active agents only', async () => {
    const inviter = await newUser(t.ctx, Role.user);
    const brought = await invitee(inviter);
    await chat(brought.key);
    await invitee(agent);
    for (const who of [inviter, agent]) {
      const users = await api(t.app, who, 'GET', '/api/agent/self/users');
      expect(users.status).toBe(403);
      expect(users.body).toMatchObject({ success: false, code: 'agent_not_active' });
      expect(await self(who)).toMatchObject({ users_consumption: null, users_topup: null });
    }
  });

  it('is approved by an admin with its terms, and becomes role 5', async () => {
    const list = await api<{ items: Array<{ user_id: number; user_role: number }> }>(
      t.app,
      root,
      'GET',
      '/api/agent/?status=pending',
    );
    expect(list.body.data.items).toContainEqual(
      expect.objectContaining({ user_id: agent.id, user_role: Role.user }),
    );
    expect((await decide(finance, agent.id, 'active')).status).toBe(403);
    expect((await decide(root, agent.id, 'active', { rate: 2 })).body.code).toBe(
      'agent_rate_invalid',
    );
    expect((await decide(admin, agent.id, 'active')).body.success).toBe(true);
    const role = await t.ctx.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(role.role).toBe(Role.agent);
    const users = await api<{ total: number }>(t.app, agent, 'GET', '/api/agent/self/users');
    expect(users.body).toMatchObject({ success: true, data: { total: 1 } });
    expect((await self(agent)).users_consumption).toBe(0);
  });

  it('lets no one decide on their own agency, nor on one of a user of their rank or above', async () => {
    const otherAdmin = await newUser(t.ctx, Role.admin);
    expect((await apply(admin)).body.success).toBe(true);
    expect((await apply(root)).body.success).toBe(true);

    const own = await decide(admin, admin.id, 'active', { rate: 1 });
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ success: false, code: 'staff_self_action' });
    const peer = await decide(otherAdmin, admin.id, 'active', { rate: 1 });
    expect(peer.body).toMatchObject({ success: false, code: 'cannot_manage_peer' });
    expect((await decide(otherAdmin, admin.id, 'rejected')).body.code).toBe('cannot_manage_peer');
    const rootOwn = await decide(root, root.id, 'active', { rate: 1 });
    expect(rootOwn.body).toMatchObject({ success: false, code: 'staff_self_action' });
    expect((await decide(admin, root.id, 'rejected')).body.code).toBe('cannot_manage_peer');
    expect((await self(admin)).agent?.status).toBe('pending');
    expect((await self(root)).agent?.status).toBe('pending');

    // Root decides on an admin's application; once active, the admin cannot change the terms.
    expect((await decide(root, admin.id, 'active', { rate: 0.05 })).body.success).toBe(true);
    const raise = await decide(admin, admin.id, 'active', { rate: 0.9 });
    expect(raise.body.code).toBe('staff_self_action');
    expect((await self(admin)).agent).toMatchObject({ status: 'active', rate: 0.05 });
    expect((await decide(root, admin.id, 'disabled')).body.success).toBe(true);
  });

  it('credits a dividend per closed day once, on what the ledger charged the invited users', async () => {
    // Usage is charged whether or not the usage roll-up (data export) is kept.
    await t.ctx.settings.set('DataExportEnabled', 'false');
    await setEffective(agent.id, nowSeconds() - 3 * day);
    const [first, second] = [await invitee(agent), await invitee(agent)];
    const stranger = await invitee(null);
    const before = await lastLedgerId();
    // Yesterday: three chat calls, a song charged, and a song that failed and was refunded.
    await chat(first.key);
    await chat(first.key);
    await chat(second.key);
    await task(second, 30_000);
    const failed = await task(first, 7_000);
    expect(await failTask(t.ctx, 'tasks', failed, { status: 'FAILURE' }, 'boom')).toBe(true);
    await chat(stranger.key);
    await dateRows([first.userId, second.userId, stranger.userId], before, at(1, 12));
    const charged = 3 * callPrice + 30_000;
    const used = await t.ctx.db
      .selectFrom('users')
      .select('used_quota')
      .where('id', 'in', [first.userId, second.userId])
      .execute();
    expect(used.reduce((sum, u) => sum + Number(u.used_quota), 0)).toBe(charged);
    // Today: not closed yet.
    await chat(first.key);

    // Five minutes after midnight, yesterday's last charges may still be on their way.
    const aff = await affOf(agent.id);
    expect(await settleDividends(t.ctx, at(0, 0, 5))).toBe(2);
    expect((await dividendsOf(agent)).map((d) => d.period)).toEqual([dateOf(2), dateOf(3)]);
    expect(await settleDividends(t.ctx, at(0, 0, 10))).toBe(1);
    expect(await settleDividends(t.ctx, at(0, 0, 10))).toBe(0);
    expect(await affOf(agent.id)).toBe(aff + charged / 10);
    expect((await dividendsOf(agent))[0]).toMatchObject({
      period: dateOf(1),
      basis: 'consumption',
      base_quota: charged,
      rate: 0.1,
      quota: charged / 10,
    });
    expect((await self(agent)).agent).toMatchObject({ users: 3, dividends: charged / 10 });

    // The agent sees their users in /user, and nobody else.
    const users = await api<{ items: Array<{ id: number }> }>(t.app, agent, 'GET', '/api/user/');
    expect(users.body.data.items.map((u) => u.id)).not.toContain(stranger.userId);
    expect(users.body.data.items.map((u) => u.id)).toEqual(
      expect.arrayContaining([first.userId, second.userId]),
    );
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('settles closed days at the old terms before new ones apply, from today on', async () => {
    const second = await newUser(t.ctx, Role.user);
    expect((await apply(second)).body.success).toBe(true);
    expect((await decide(root, second.id, 'active', { rate: 0.1 })).body.success).toBe(true);
    await setEffective(second.id, nowSeconds() - 2 * day);
    const brought = await invitee(second);
    const before = await lastLedgerId();
    await chat(brought.key);
    await chat(brought.key);
    await dateRows([brought.userId], before, at(1, 12));

    // New terms: yesterday is credited at once at the old ones.
    const changed = await decide(root, second.id, 'active', { rate: 0.3, basis: 'topup' });
    expect(changed.body.success).toBe(true);
    expect((await dividendsOf(second))[0]).toMatchObject({
      period: dateOf(1),
      basis: 'consumption',
      rate: 0.1,
      base_quota: 2 * callPrice,
      quota: (2 * callPrice) / 10,
    });

    // Today counts at the new terms: what the users paid in, not what they used.
    await chat(brought.key);
    await post(t.ctx.db, {
      account: 'user',
      accountId: brought.userId,
      delta: 50_000,
      reason: 'topup',
      ref: 'order-agent-test',
    });
    await settleDividends(t.ctx, at(-1, 0, 10));
    expect((await dividendsOf(second))[0]).toMatchObject({
      period: dateOf(0),
      basis: 'topup',
      rate: 0.3,
      base_quota: 50_000,
      quota: 15_000,
    });
    expect(await affOf(second.id)).toBe(1_000 + 15_000);
  });

  it('settles closed days before an agency is disabled, and re-enables it from today', async () => {
    const third = await newUser(t.ctx, Role.user);
    expect((await apply(third)).body.success).toBe(true);
    expect((await decide(root, third.id, 'active', { rate: 0.2 })).body.success).toBe(true);
    await setEffective(third.id, nowSeconds() - 3 * day);
    const brought = await invitee(third);
    let before = await lastLedgerId();
    await chat(brought.key);
    await dateRows([brought.userId], before, at(2, 12));
    before = await lastLedgerId();
    await chat(brought.key);
    await chat(brought.key);
    await dateRows([brought.userId], before, at(1, 12));

    expect((await decide(root, third.id, 'disabled')).body.success).toBe(true);
    const settled = await dividendsOf(third);
    expect(settled.map((d) => [d.period, d.quota])).toEqual([
      [dateOf(1), (2 * callPrice) / 5],
      [dateOf(2), callPrice / 5],
      [dateOf(3), 0],
    ]);
    // While disabled the job credits nothing; re-enabled at new terms, today counts at them.
    await chat(brought.key);
    await settleDividends(t.ctx, at(-1, 0, 10));
    expect(await dividendsOf(third)).toHaveLength(3);
    expect((await decide(root, third.id, 'active', { rate: 0.5 })).body.success).toBe(true);
    expect(await dividendsOf(third)).toHaveLength(3);
    await settleDividends(t.ctx, at(-1, 0, 10));
    expect((await dividendsOf(third))[0]).toMatchObject({
      period: dateOf(0),
      rate: 0.5,
      base_quota: callPrice,
      quota: callPrice / 2,
    });
    expect(await affOf(third.id)).toBe((3 * callPrice) / 5 + callPrice / 2);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('holds a withdrawal, returns it when rejected, keeps it when paid', async () => {
    await post(t.ctx.db, {
      account: 'aff',
      accountId: agent.id,
      delta: 2_000_000,
      reason: 'opening',
    });
    const balance = await affOf(agent.id);
    const withdraw = (quota: unknown, account = 'alipay: agent@example.com') =>
      api(t.app, agent, 'POST', '/api/agent/withdraw', { quota, account });
    expect((await withdraw(1000)).body.code).toBe('withdrawal_below_min');
    expect((await withdraw(600_000, '')).body.code).toBe('withdrawal_account_required');
    expect((await withdraw(balance + 1)).body.code).toBe('withdrawal_insufficient');
    const outsider = await newUser(t.ctx, Role.user);
    expect(
      (await api(t.app, outsider, 'POST', '/api/agent/withdraw', { quota: 600_000, account: 'x' }))
        .body.code,
    ).toBe('agent_not_active');

    // Two requests race for more than the balance holds: one is held, one refused.
    const half = Math.floor(balance / 2) + 1;
    const raced = await Promise.all([withdraw(half), withdraw(half)]);
    expect(raced.filter((r) => r.body.success)).toHaveLength(1);
    expect(await affOf(agent.id)).toBe(balance - half);

    const list = async () =>
      (
        await api<{ items: WithdrawalItem[] }>(
          t.app,
          finance,
          'GET',
          '/api/withdrawal/?status=pending',
        )
      ).body.data.items;
    const [first] = await list();
    expect(first).toMatchObject({
      agent_id: agent.id,
      user_role: Role.agent,
      quota: half,
      status: 'pending',
    });
    expect(
      (await api(t.app, agent, 'POST', `/api/withdrawal/${first.id}/review`, { action: 'paid' }))
        .status,
    ).toBe(403);
    const noReason = await api(t.app, finance, 'POST', `/api/withdrawal/${first.id}/review`, {
      action: 'reject',
    });
    expect(noReason.body.code).toBe('withdrawal_reason_required');
    const rejected = await api(t.app, finance, 'POST', `/api/withdrawal/${first.id}/review`, {
      action: 'reject',
      reason: 'account name mismatch',
    });
    expect(rejected.body.success).toBe(true);
    expect(await affOf(agent.id)).toBe(balance);
    const twice = await api(t.app, finance, 'POST', `/api/withdrawal/${first.id}/review`, {
      action: 'paid',
    });
    expect(twice.body.code).toBe('withdrawal_not_pending');

    expect((await withdraw(600_000)).body.success).toBe(true);
    const [second] = await list();
    await api(t.app, finance, 'POST', `/api/withdrawal/${second.id}/review`, { action: 'paid' });
    expect(await affOf(agent.id)).toBe(balance - 600_000);
    const own = await api<{ items: WithdrawalItem[] }>(
      t.app,
      agent,
      'GET',
      '/api/agent/self/withdrawals',
    );
    expect(own.body.data.items.map((w) => w.status)).toEqual(['paid', 'rejected']);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('lets no one pay or reject their own withdrawal, nor one of a user of their rank or above', async () => {
    // A finance user who is also an agent asks for a withdrawal.
    const cashier = await newUser(t.ctx, Role.finance);
    expect((await apply(cashier)).body.success).toBe(true);
    expect((await decide(admin, cashier.id, 'active')).body.success).toBe(true);
    await post(t.ctx.db, {
      account: 'aff',
      accountId: cashier.id,
      delta: 900_000,
      reason: 'opening',
    });
    const asked = await api(t.app, cashier, 'POST', '/api/agent/withdraw', {
      quota: 600_000,
      account: 'alipay: cashier@example.com',
    });
    expect(asked.body.success).toBe(true);
    const pending = (
      await api<{ items: WithdrawalItem[] }>(
        t.app,
        finance,
        'GET',
        '/api/withdrawal/?status=pending',
      )
    ).body.data.items.find((w) => w.agent_id === cashier.id)!;
    expect(pending.user_role).toBe(Role.finance);
    const review = (who: TestUser, action: 'paid' | 'reject') =>
      api(t.app, who, 'POST', `/api/withdrawal/${pending.id}/review`, { action, reason: 'no' });

    const own = await review(cashier, 'paid');
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ success: false, code: 'staff_self_action' });
    expect((await review(finance, 'paid')).body.code).toBe('cannot_manage_peer');
    expect((await review(finance, 'reject')).body.code).toBe('cannot_manage_peer');
    expect(await affOf(cashier.id)).toBe(300_000);
    const paid = await review(admin, 'paid');
    expect(paid.body.success).toBe(true);
    expect(await affOf(cashier.id)).toBe(300_000);
  });

  it('is disabled by an admin and goes back to an ordinary user', async () => {
    expect((await decide(root, agent.id, 'disabled')).body.success).toBe(true);
    const role = await t.ctx.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(role.role).toBe(Role.user);
    expect((await self(agent)).agent?.status).toBe('disabled');
    expect((await api(t.app, agent, 'GET', '/api/agent/self/users')).status).toBe(403);
  });
});
