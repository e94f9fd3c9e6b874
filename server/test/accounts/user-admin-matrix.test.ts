import { Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { call, completeSetup, seedUser, signIn, type AuthHeaders } from './accounts-helpers.js';

// Who may act on whom, restated here on purpose rather than imported from the policies:
// the test must fail if a policy drifts from these rules.
const roles = [Role.user, Role.agent, Role.finance, Role.admin, Role.root] as const;
const admin = (actor: number) => actor >= Role.admin;
const above = (actor: number, target: number) => admin(actor) && actor > target;
const assignable = (role: number) => [1, 5, 8, 10].includes(role);

interface Case {
  name: string;
  /** Whether `actor` may do it to a user of role `target`. */
  allowed: (actor: number, target: number) => boolean;
  /** Sends the request for the target's id. */
  send: (
    t: TestApp,
    headers: AuthHeaders,
    target: { id: number; username: string },
  ) => ReturnType<typeof call>;
  /** Reads back whatever the request should have changed. */
  effect?: (t: TestApp, targetId: number) => Promise<unknown>;
  /** True when the request changes the target, so each case needs a fresh one. */
  mutates?: boolean;
  /** A target role for which an allowed request changes nothing (role set to itself). */
  unchangedFor?: number;
}

const column =
  (field: 'status' | 'role' | 'quota' | 'remark') => async (t: TestApp, id: number) => {
    const row = await t.ctx.db
      .selectFrom('users')
      .select(field)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row[field];
  };
const manage =
  (action: string, extra: Record<string, unknown> = {}): Case['send'] =>
  (t, headers, target) =>
    call(t.app, 'POST', '/api/user/manage', { headers, body: { id: target.id, action, ...extra } });

const cases: Case[] = [
  {
    name: 'get',
    allowed: above,
    send: (t, headers, target) => call(t.app, 'GET', `/api/user/${target.id}`, { headers }),
  },
  {
    name: 'update remark',
    allowed: above,
    mutates: true,
    send: (t, headers, target) =>
      call(t.app, 'PUT', '/api/user/', { headers, body: { id: target.id, remark: 'edited' } }),
    effect: column('remark'),
  },
  {
    name: 'delete',
    allowed: (a, t) => above(a, t) && t !== Role.root,
    mutates: true,
    send: (t, headers, target) => call(t.app, 'DELETE', `/api/user/${target.id}`, { headers }),
    effect: column('status'),
  },
  {
    name: 'disable',
    allowed: (a, t) => above(a, t) && t !== Role.root,
    mutates: true,
    send: manage('disable'),
    effect: column('status'),
  },
  {
    name: 'manage delete',
    allowed: (a, t) => above(a, t) && t !== Role.root,
    mutates: true,
    send: manage('delete'),
    effect: column('status'),
  },
  {
    name: 'promote',
    allowed: (a, t) => a === Role.root && t < Role.admin,
    mutates: true,
    send: manage('promote'),
    effect: column('role'),
  },
  {
    name: 'demote',
    allowed: (a, t) => above(a, t) && t > Role.user && t !== Role.root,
    mutates: true,
    send: manage('demote'),
    effect: column('role'),
  },
  {
    name: 'add quota',
    allowed: above,
    mutates: true,
    send: manage('add_quota', { value: 7, mode: 'add' }),
    effect: column('quota'),
  },
  ...[Role.user, Role.agent, Role.finance, Role.admin, Role.root].map((role): Case => ({
    name: `set role ${role}`,
    unchangedFor: role,
    allowed: (a, t) => above(a, t) && assignable(role) && role < a,
    mutates: true,
    send: (t, headers, target) =>
      call(t.app, 'PUT', '/api/user/', { headers, body: { id: target.id, role } }),
    effect: column('role'),
  })),
];

describe(`user administration: every route x every role on ${testDb}`, () => {
  let t: TestApp;
  const actors = new Map<number, AuthHeaders>();
  const standing = new Map<number, { id: number; username: string }>();

  beforeAll(async () => {
    t = await createTestApp();
    await completeSetup(t.app);
    for (const role of roles) {
      const actor = role === Role.root ? { username: 'root' } : await seedUser(t.ctx, role);
      actors.set(role, await signIn(t.app, actor.username));
      standing.set(role, role === Role.root ? await rootUser(t) : await seedUser(t.ctx, role));
    }
  });
  afterAll(() => t.cleanup());

  it('lets agents (their own users) and above list and search users, never showing secrets', async () => {
    for (const role of roles) {
      const headers = actors.get(role) ?? {};
      for (const url of ['/api/user/?p=1&page_size=5', '/api/user/search?keyword=u']) {
        const res = await call<{ items: object[]; total: number }>(t.app, 'GET', url, { headers });
        if (role >= Role.agent) {
          expect(res.body.success, `${role} ${url}`).toBe(true);
          // Agents see only the users they brought (none here); finance staff and above, all.
          if (role >= Role.finance) expect(res.body.data?.items.length).toBeGreaterThan(0);
          else expect(res.body.data?.items).toEqual([]);
          for (const item of res.body.data?.items ?? []) {
            expect(item).not.toHaveProperty('password_hash');
            expect(item).not.toHaveProperty('access_token');
          }
        } else {
          expect(res.status, `${role} ${url}`).toBe(403);
        }
      }
    }
  });

  it('lists for staff only users below their own role, and themselves', async () => {
    for (const role of [Role.finance, Role.admin, Role.root]) {
      const headers = actors.get(role) ?? {};
      const res = await call<{ items: Array<{ id: number; role: number; username: string }> }>(
        t.app,
        'GET',
        '/api/user/?p=1&page_size=100',
        { headers },
      );
      const me = await call<{ id: number }>(t.app, 'GET', '/api/user/self', { headers });
      for (const item of res.body.data?.items ?? []) {
        if (item.id !== me.body.data?.id)
          expect(item.role, `${role} sees ${item.username}`).toBeLessThan(role);
      }
      expect(res.body.data?.items.some((i) => i.id === me.body.data?.id)).toBe(true);
    }
  });

  it('creates users only below the caller’s own role', async () => {
    for (const actor of roles) {
      for (const role of [...roles, 3]) {
        const username = `c${actor}x${role}`;
        const res = await call(t.app, 'POST', '/api/user/', {
          headers: actors.get(actor),
          body: { username, password: 'password123', role },
        });
        const allowed = admin(actor) && assignable(role) && role < actor;
        expect(res.body.success, `${actor} creates ${role}`).toBe(allowed);
        const row = await t.ctx.db
          .selectFrom('users')
          .select('role')
          .where('username', '=', username)
          .executeTakeFirst();
        expect(row?.role, `${actor} creates ${role}`).toBe(allowed ? role : undefined);
      }
    }
  });

  for (const testCase of cases) {
    it(`${testCase.name}: allowed exactly as the rules above say`, async () => {
      for (const actor of roles) {
        for (const targetRole of roles) {
          const target =
            testCase.mutates && targetRole !== Role.root
              ? await seedUser(t.ctx, targetRole, { quota: 10 })
              : (standing.get(targetRole) ?? { id: 0, username: '' });
          const before = await testCase.effect?.(t, target.id);
          const res = await testCase.send(t, actors.get(actor) ?? {}, target);
          const label = `${testCase.name}: ${actor} on ${targetRole}`;
          const allowed = testCase.allowed(actor, targetRole);
          expect(res.status, label).toBeLessThan(500);
          expect(res.body.success, label).toBe(allowed);
          const after = await testCase.effect?.(t, target.id);
          if (!allowed || testCase.unchangedFor === targetRole)
            expect(after, label).toEqual(before);
          else if (testCase.effect) expect(after, label).not.toEqual(before);
        }
      }
    });
  }

  it('applies the effects it allows', async () => {
    const root = actors.get(Role.root) ?? {};
    const target = await seedUser(t.ctx, Role.user, { quota: 100 });
    const quota = column('quota');
    const send = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/user/manage', { headers: root, body: { id: target.id, ...body } });
    expect((await send({ action: 'add_quota', value: 50, mode: 'add' })).body.success).toBe(true);
    expect(await quota(t, target.id)).toBe(150);
    const under = await send({ action: 'add_quota', value: 151, mode: 'subtract' });
    expect(under.body.code).toBe('quota_below_zero');
    expect(await quota(t, target.id)).toBe(150);
    expect((await send({ action: 'add_quota', value: 150, mode: 'subtract' })).body.success).toBe(
      true,
    );
    expect(await quota(t, target.id)).toBe(0);
    expect((await send({ action: 'add_quota', value: 42, mode: 'override' })).body.success).toBe(
      true,
    );
    expect(await quota(t, target.id)).toBe(42);
    const put = await call(t.app, 'PUT', '/api/user/', {
      headers: root,
      body: { id: target.id, quota: 40, original_quota: 42, group: 'vip' },
    });
    expect(put.body.success).toBe(true);
    const logs = await t.ctx.db
      .selectFrom('logs')
      .select(['type', 'quota'])
      .where('user_id', '=', target.id)
      .orderBy('id')
      .execute();
    expect(logs).toEqual([
      { type: 3, quota: 50 },
      { type: 3, quota: -150 },
      { type: 3, quota: 42 },
      { type: 3, quota: -2 },
    ]);

    expect((await send({ action: 'promote' })).body.data).toMatchObject({
      role: Role.admin,
      group: 'vip',
    });
    expect((await send({ action: 'promote' })).body.code).toBe('role_limit_reached');
    expect((await send({ action: 'demote' })).body.data).toMatchObject({ role: Role.user });
    expect((await send({ action: 'demote' })).body.code).toBe('role_limit_reached');
    expect((await send({ action: 'disable' })).body.data).toMatchObject({ status: 2 });
    expect((await send({ action: 'enable' })).body.data).toMatchObject({ status: 1 });
    const rootId = (await rootUser(t)).id;
    const protectedRoot = await call(t.app, 'POST', '/api/user/manage', {
      headers: root,
      body: { id: rootId, action: 'disable' },
    });
    expect(protectedRoot.body.code).toBe('root_protected');
    expect((await send({ action: 'delete' })).body.success).toBe(true);
    const gone = await call(t.app, 'GET', `/api/user/${target.id}`, { headers: root });
    expect(gone.body.code).toBe('user_not_found');
  });

  it('refuses staff changing their own balance, role or account, saying so', async () => {
    for (const role of [Role.admin, Role.root]) {
      const headers = actors.get(role) ?? {};
      const self = await call<{ id: number; quota: number }>(t.app, 'GET', '/api/user/self', {
        headers,
      });
      const me = self.body.data!;
      const attempts = [
        call(t.app, 'POST', '/api/user/manage', {
          headers,
          body: { id: me.id, action: 'add_quota', value: 1_000_000, mode: 'add' },
        }),
        call(t.app, 'PUT', '/api/user/', {
          headers,
          body: { id: me.id, quota: me.quota + 1_000_000, original_quota: me.quota },
        }),
        call(t.app, 'PUT', '/api/user/', { headers, body: { id: me.id, group: 'vip' } }),
        call(t.app, 'PUT', '/api/user/', { headers, body: { id: me.id, role: Role.finance } }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status, `${role}`).toBe(403);
        expect(res.body, `${role}`).toMatchObject({ success: false, code: 'staff_self_action' });
      }
      const after = await t.ctx.db
        .selectFrom('users')
        .select(['quota', 'group', 'role'])
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      expect(after).toMatchObject({ quota: me.quota, group: 'default', role });
    }
  });

  it('denies callers and targets whose role is unknown', async () => {
    const odd = await seedUser(t.ctx, 50);
    const oddHeaders = await signIn(t.app, odd.username);
    expect((await call(t.app, 'GET', '/api/user/?p=1', { headers: oddHeaders })).status).toBe(403);
    const strange = await seedUser(t.ctx, 3);
    const res = await call(t.app, 'GET', `/api/user/${strange.id}`, {
      headers: actors.get(Role.root),
    });
    expect(res.body.success).toBe(false);
  });
});

async function rootUser(t: TestApp): Promise<{ id: number; username: string }> {
  return t.ctx.db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('role', '=', Role.root)
    .executeTakeFirstOrThrow();
}
