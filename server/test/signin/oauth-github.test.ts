import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSetup, seedUser, signIn } from '../accounts/accounts-helpers.js';
import { createTestApp, testDb, testRedis, type TestApp } from '../helpers/test-context.js';
import { startFakeOAuthProvider, type FakeOAuthProvider } from './fakes/oauth-provider.js';
import { cookieFrom, send, setOptions } from './signin-helpers.js';

const clients = {
  github: { id: 'gh-client', secret: 'gh-secret' },
  linuxdo: { id: 'ld-client', secret: 'ld-secret' },
};

describe(`GitHub sign-in on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;
  let provider: FakeOAuthProvider;
  beforeAll(async () => {
    [t, provider] = await Promise.all([createTestApp(), startFakeOAuthProvider(clients)]);
    await completeSetup(t.app);
    await setOptions(t.ctx, {
      GitHubClientId: clients.github.id,
      GitHubClientSecret: clients.github.secret,
      GitHubOAuthBaseUrl: provider.url,
      GitHubApiBaseUrl: provider.url,
      GitHubOAuthEnabled: true,
      QuotaForNewUser: 1000,
    });
    provider.addUser({ id: 101, login: 'octocat', name: 'The Octocat', email: 'octo@example.com' });
    provider.addUser({
      id: 102,
      login: 'a-very-long-github-login',
      name: null,
      email: null,
      emails: [
        { email: 'old@example.com', primary: false, verified: true },
        { email: 'hidden@example.com', primary: true, verified: true },
      ],
    });
    provider.addUser({ id: 103, login: 'bindme' });
    provider.addUser({ id: 104, login: 'invited' });
  });
  afterAll(async () => {
    await Promise.all([t.cleanup(), provider.close()]);
  });

  /** Runs the browser's round trip: get a state (with cookie), come back with a code. */
  const roundTrip = async (
    userId: number,
    options: { headers?: Record<string, string>; aff?: string; state?: string } = {},
  ) => {
    const stateRes = await send<string>(
      t.app,
      'GET',
      `/api/oauth/state${options.aff ? `?aff=${options.aff}` : ''}`,
      { headers: options.headers },
    );
    const state = stateRes.body.data ?? '';
    const cookie = [cookieFrom(stateRes.res, 'oauth_state'), options.headers?.cookie]
      .filter(Boolean)
      .join('; ');
    const code = provider.issueCode('github', userId);
    const query = new URLSearchParams({ code, state: options.state ?? state });
    return send<Record<string, unknown>>(t.app, 'GET', `/api/oauth/github?${query}`, {
      headers: { ...options.headers, cookie },
    });
  };

  it('signs a new GitHub user up and in, and the same account in again', async () => {
    const first = await roundTrip(101);
    expect(first.body).toMatchObject({
      success: true,
      data: { action: 'login', username: 'octocat', display_name: 'The Octocat', role: 1 },
    });
    const session = cookieFrom(first.res, 'session');
    const id = String(first.body.data?.id);
    const self = await send<Record<string, unknown>>(t.app, 'GET', '/api/user/self', {
      headers: { cookie: session, 'new-api-user': id },
    });
    expect(self.body.data).toMatchObject({
      github_id: '101',
      email: 'octo@example.com',
      quota: 1000,
    });
    const again = await roundTrip(101);
    expect(again.body.data).toMatchObject({ action: 'login', id: Number(id) });
    const count = await t.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('github_id', '=', '101')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('names a user whose login does not fit github_<next id>, with the primary verified e-mail', async () => {
    const res = await roundTrip(102);
    expect(res.body.data?.username).toMatch(/^github_\d+$/);
    // The display name falls back to the provider login (cut to 20 characters).
    expect(res.body.data?.display_name).toBe('a-very-long-github-l');
    const row = await t.ctx.db
      .selectFrom('users')
      .select('email')
      .where('github_id', '=', '102')
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('hidden@example.com');
  });

  it('carries the invitation code through the state', async () => {
    const inviter = await seedUser(t.ctx, 1);
    await t.ctx.db
      .updateTable('users')
      .set({ aff_code: 'INVT' })
      .where('id', '=', inviter.id)
      .execute();
    expect((await roundTrip(104, { aff: 'INVT' })).body.success).toBe(true);
    const invitee = await t.ctx.db
      .selectFrom('users')
      .select(['inviter_id', 'inviter_code'])
      .where('github_id', '=', '104')
      .executeTakeFirstOrThrow();
    expect(invitee).toEqual({ inviter_id: inviter.id, inviter_code: 'INVT' });
  });

  it('refuses a missing, foreign or reused state with 403', async () => {
    const code = provider.issueCode('github', 101);
    const missing = await send(t.app, 'GET', `/api/oauth/github?code=${code}`);
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe('oauth_state_invalid');
    expect((await roundTrip(101, { state: 'forged-state' })).status).toBe(403);

    // A state fetched by another browser (no cookie here) does not work either.
    const other = await send<string>(t.app, 'GET', '/api/oauth/state');
    const foreign = await send(
      t.app,
      'GET',
      `/api/oauth/github?code=${code}&state=${other.body.data}`,
    );
    expect(foreign.status).toBe(403);

    const stateRes = await send<string>(t.app, 'GET', '/api/oauth/state');
    const cookie = cookieFrom(stateRes.res, 'oauth_state');
    const url = (c: string) => `/api/oauth/github?code=${c}&state=${stateRes.body.data}`;
    const ok = await send(t.app, 'GET', url(provider.issueCode('github', 101)), {
      headers: { cookie },
    });
    expect(ok.body.success).toBe(true);
    const reused = await send(t.app, 'GET', url(provider.issueCode('github', 101)), {
      headers: { cookie },
    });
    expect(reused.status).toBe(403);
  });

  it('reports a bad or reused code and a refusal at GitHub', async () => {
    const stateRes = await send<string>(t.app, 'GET', '/api/oauth/state');
    const cookie = cookieFrom(stateRes.res, 'oauth_state');
    const bad = await send(
      t.app,
      'GET',
      `/api/oauth/github?code=nope&state=${stateRes.body.data}`,
      {
        headers: { cookie },
      },
    );
    expect(bad.body.code).toBe('oauth_failed');
    expect(bad.body.message).toContain('incorrect or expired');

    const denied = await send<string>(t.app, 'GET', '/api/oauth/state');
    const query = new URLSearchParams({
      state: denied.body.data ?? '',
      error: 'access_denied',
      error_description: 'The user has denied your application access.',
    });
    const res = await send(t.app, 'GET', `/api/oauth/github?${query}`, {
      headers: { cookie: cookieFrom(denied.res, 'oauth_state') },
    });
    expect(res.body.code).toBe('oauth_failed');
    expect(res.body.message).toContain('denied');
  });

  it('binds GitHub to a signed-in account and refuses an identity bound elsewhere', async () => {
    const { username, id } = await seedUser(t.ctx, 1);
    const headers = await signIn(t.app, username);
    const bound = await roundTrip(103, { headers });
    expect(bound.body).toMatchObject({ success: true, data: { action: 'bind' } });
    const row = await t.ctx.db
      .selectFrom('users')
      .select('github_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.github_id).toBe('103');

    const taken = await roundTrip(101, { headers });
    expect(taken.body.code).toBe('account_already_bound');
  });

  it('refuses a banned user, closed registration and a disabled provider', async () => {
    await t.ctx.db.updateTable('users').set({ status: 2 }).where('github_id', '=', '101').execute();
    expect((await roundTrip(101)).body.code).toBe('user_banned');

    provider.addUser({ id: 199, login: 'latecomer' });
    await setOptions(t.ctx, { RegisterEnabled: false });
    expect((await roundTrip(199)).body.code).toBe('register_disabled');
    await setOptions(t.ctx, { RegisterEnabled: true });

    await setOptions(t.ctx, { GitHubOAuthEnabled: false });
    expect((await roundTrip(199)).body.code).toBe('github_login_disabled');
    await setOptions(t.ctx, { GitHubOAuthEnabled: true });
  });

  it('exposes the client id and authorize URL in /api/status', async () => {
    const status = await send<Record<string, unknown>>(t.app, 'GET', '/api/status');
    expect(status.body.data).toMatchObject({
      github_oauth: true,
      github_client_id: clients.github.id,
      github_authorize_url: `${provider.url}/login/oauth/authorize`,
    });
  });
});
