import { Role, type AgentSelf, type WithdrawalItem } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../src/billing/ledger/index.js';
import { settleDividends } from '../../src/domain/agents/dividends.js';
import { localDate, nowSeconds } from '../../src/lib/time.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { api, newUser, type TestUser } from '../tokens/console-helpers.js';

const day = 86_400;

describe(`the agent programme on ${testDb}`, () => {
  let t: TestApp;
  let root: TestUser;
  let finance: TestUser;
  let agent: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    root = await newUser(t.ctx, Role.root);
    finance = await newUser(t.ctx, Role.finance);
    agent = await newUser(t.ctx, Role.user);
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

  it('takes applications only while the programme is open, once each', async () => {
    const apply = (who: TestUser, body: Record<string, unknown>) =>
      api(t.app, who, 'POST', '/api/agent/apply', body);
    expect((await apply(agent, { contact: 'wx: agent' })).body.code).toBe('agent_disabled');
    await t.ctx.settings.set('RixApiProMax', 'true');
    await t.ctx.settings.set('AgentPageEnabled', 'true');
    expect((await apply(agent, { contact: ' ' })).body.code).toBe('agent_contact_required');
    expect(
      (await apply(agent, { contact: 'wx: agent', note: 'I run a community' })).body.success,
    ).toBe(true);
    const again = await apply(agent, { contact: 'wx: agent' });
    expect(again.body.code).toBe('agent_already_applied');
    expect((await self(agent)).agent).toMatchObject({ status: 'pending', contact: 'wx: agent' });
  });

  it('is approved by an admin with its terms, and becomes role 5', async () => {
    const list = await api<{ items: Array<{ user_id: number; status: string }> }>(
      t.app,
      root,
      'GET',
      '/api/agent/?status=pending',
    );
    expect(list.body.data.items.map((a) => a.user_id)).toContain(agent.id);
    expect(
      (
        await api(t.app, finance, 'PUT', '/api/agent/', {
          user_id: agent.id,
          status: 'active',
          rate: 0.1,
        })
      ).status,
    ).toBe(403);
    const bad = await api(t.app, root, 'PUT', '/api/agent/', {
      user_id: agent.id,
      status: 'active',
      rate: 2,
    });
    expect(bad.body.code).toBe('agent_rate_invalid');
    const ok = await api(t.app, root, 'PUT', '/api/agent/', {
      user_id: agent.id,
      status: 'active',
      rate: 0.1,
    });
    expect(ok.body.success).toBe(true);
    const role = await t.ctx.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(role.role).toBe(Role.agent);
  });

  it('credits a dividend per closed day once, on what the invited users consumed', async () => {
    // Approved three days ago; two invited users consumed yesterday, one user not invited too.
    await t.ctx.db
      .updateTable('agents')
      .set({ reviewed_at: nowSeconds() - 3 * day })
      .where('user_id', '=', agent.id)
      .execute();
    const invited = [await newUser(t.ctx, Role.user), await newUser(t.ctx, Role.user)];
    const stranger = await newUser(t.ctx, Role.user);
    for (const u of invited) {
      await t.ctx.db
        .updateTable('users')
        .set({ inviter_id: agent.id })
        .where('id', '=', u.id)
        .execute();
    }
    const [y, m, d] = localDate().split('-').map(Number);
    const yesterdayNoon = new Date(y, m - 1, d - 1, 12).getTime() / 1000;
    // The hourly usage roll-up, as settlements leave it.
    const consume = (userId: number, quota: number, at: number) =>
      t.ctx.db
        .insertInto('quota_data')
        .values({
          user_id: userId,
          username: 'x',
          model_name: 'gpt-4o',
          created_at: at - (at % 3600),
          quota,
        })
        .execute();
    await consume(invited[0].id, 123_456, yesterdayNoon);
    await consume(invited[1].id, 76_544, yesterdayNoon + 3600);
    await consume(stranger.id, 999_999, yesterdayNoon);
    await consume(invited[0].id, 500_000, nowSeconds()); // today: not closed yet

    const before = await affOf(agent.id);
    const credited = await settleDividends(t.ctx);
    expect(credited).toBe(3);
    expect(await settleDividends(t.ctx)).toBe(0);
    expect(await affOf(agent.id)).toBe(before + 20_000);
    const dividends = await api<{
      items: Array<{ period: string; quota: number; base_quota: number }>;
    }>(t.app, agent, 'GET', '/api/agent/self/dividends');
    const yesterday = localDate(new Date(y, m - 1, d - 1));
    expect(dividends.body.data.items[0]).toMatchObject({
      period: yesterday,
      base_quota: 200_000,
      quota: 20_000,
    });
    expect((await self(agent)).agent).toMatchObject({ users: 2, dividends: 20_000 });

    // The agent sees their users in /user, and nobody else.
    const users = await api<{ items: Array<{ id: number }> }>(t.app, agent, 'GET', '/api/user/');
    expect(users.body.data.items.map((u) => u.id).sort()).toEqual(invited.map((u) => u.id).sort());
    const { username: strangerName } = await t.ctx.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', stranger.id)
      .executeTakeFirstOrThrow();
    const search = (who: TestUser) =>
      api<{ items: Array<{ id: number }> }>(
        t.app,
        who,
        'GET',
        `/api/user/search?keyword=${strangerName}`,
      );
    expect((await search(agent)).body.data.items).toEqual([]);
    expect((await search(root)).body.data.items.map((u) => u.id)).toEqual([stranger.id]);
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
    expect(first).toMatchObject({ agent_id: agent.id, quota: half, status: 'pending' });
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

  it('is disabled by an admin and goes back to an ordinary user', async () => {
    await api(t.app, root, 'PUT', '/api/agent/', {
      user_id: agent.id,
      status: 'disabled',
      rate: 0.1,
    });
    const role = await t.ctx.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(role.role).toBe(Role.user);
    expect((await self(agent)).agent?.status).toBe('disabled');
  });
});
