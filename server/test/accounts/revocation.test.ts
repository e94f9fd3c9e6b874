import { Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIsolatedDb,
  createTestApp,
  testDb,
  testRedis,
  type IsolatedDb,
  type TestApp,
} from '../helpers/test-context.js';
import { call, completeSetup, seedUser, signIn, type AuthHeaders } from './accounts-helpers.js';

/** Retries until the expectation holds: cross-instance invalidation travels by pub/sub. */
async function eventually(check: () => Promise<void>, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

describe(`live sessions follow bans, demotions and close-outs on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let isolated: IsolatedDb;
  let a: TestApp;
  /** A second instance on the same database (and Redis): only meaningful with Redis. */
  let b: TestApp;
  let root: AuthHeaders;

  beforeAll(async () => {
    isolated = await createIsolatedDb();
    a = await createTestApp({ reuse: isolated });
    b = testRedis ? await createTestApp({ reuse: isolated }) : a;
    await completeSetup(a.app);
    root = await signIn(a.app, 'root');
  });
  afterAll(async () => {
    if (b !== a) await b.cleanup();
    await a.cleanup();
    await isolated.drop();
  });

  const self = (t: TestApp, headers: AuthHeaders) =>
    call(t.app, 'GET', '/api/user/self', { headers });
  const manage = (id: string, action: string) =>
    call(a.app, 'POST', '/api/user/manage', { headers: root, body: { id: Number(id), action } });

  it('a banned user is signed out everywhere at once, and the access token stops too', async () => {
    const user = await seedUser(a.ctx, Role.user);
    const onA = await signIn(a.app, user.username);
    const onB = await signIn(b.app, user.username);
    const token =
      (await call<string>(b.app, 'GET', '/api/user/token', { headers: onB })).body.data ?? '';
    const viaToken = { authorization: token, 'new-api-user': onA.id };
    expect((await self(b, onA)).status).toBe(200);
    expect((await self(b, viaToken)).status).toBe(200);

    expect((await manage(onA.id, 'disable')).body.success).toBe(true);
    expect((await self(a, onA)).status).toBe(401);
    await eventually(async () => {
      expect((await self(b, onA)).status).toBe(401);
      expect((await self(b, onB)).status).toBe(401);
      expect((await self(b, viaToken)).body.code).toBe('user_banned');
    });
    const login = await call(b.app, 'POST', '/api/user/login', {
      body: { username: user.username, password: 'password123' },
    });
    expect(login.body.code).toBe('user_banned');
  });

  it('a demoted admin loses admin routes at once on every instance', async () => {
    const admin = await seedUser(a.ctx, Role.admin);
    const onB = await signIn(b.app, admin.username);
    expect((await call(b.app, 'GET', '/api/user/?p=1', { headers: onB })).status).toBe(200);
    expect((await manage(onB.id, 'demote')).body.success).toBe(true);
    await eventually(async () => {
      expect((await call(b.app, 'GET', '/api/user/?p=1', { headers: onB })).status).toBe(403);
    });
    expect((await self(b, onB)).body.data).toMatchObject({ role: Role.user });
  });

  it('a closed-out account is signed out everywhere at once', async () => {
    const user = await seedUser(a.ctx, Role.user);
    const onB = await signIn(b.app, user.username);
    const onA = await signIn(a.app, user.username);
    const closed = await call(a.app, 'DELETE', '/api/user/self', {
      headers: onA,
      body: { confirm_username: user.username },
    });
    expect(closed.body.success).toBe(true);
    await eventually(async () => expect((await self(b, onB)).status).toBe(401));
  });
});
