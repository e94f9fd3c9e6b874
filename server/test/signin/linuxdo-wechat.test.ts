import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSetup, seedUser, signIn } from '../accounts/accounts-helpers.js';
import { createTestApp, testDb, testRedis, type TestApp } from '../helpers/test-context.js';
import { startFakeOAuthProvider, type FakeOAuthProvider } from './fakes/oauth-provider.js';
import { startFakeWeChatHelper, type FakeWeChatHelper } from './fakes/wechat-helper.js';
import { cookieFrom, send, setOptions } from './signin-helpers.js';

const clients = {
  github: { id: 'gh', secret: 'gh-secret' },
  linuxdo: { id: 'ld-client', secret: 'ld-secret' },
};
const wechatToken = 'helper-admin-token';

describe(`linux.do and WeChat sign-in on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;
  let provider: FakeOAuthProvider;
  let wechat: FakeWeChatHelper;
  beforeAll(async () => {
    [t, provider, wechat] = await Promise.all([
      createTestApp(),
      startFakeOAuthProvider(clients),
      startFakeWeChatHelper(wechatToken),
    ]);
    await completeSetup(t.app);
    await setOptions(t.ctx, {
      LinuxDOClientId: clients.linuxdo.id,
      LinuxDOClientSecret: clients.linuxdo.secret,
      LinuxDOTokenEndpoint: `${provider.url}/oauth2/token`,
      LinuxDOUserEndpoint: `${provider.url}/api/user`,
      LinuxDOOAuthEnabled: true,
      ServerAddress: 'https://console.example.com',
      WeChatServerAddress: `${wechat.url}/`,
      WeChatServerToken: wechatToken,
      WeChatAuthEnabled: true,
    });
    provider.addUser({ id: 7, login: 'tux', name: 'Tux', trustLevel: 2 });
    provider.addUser({ id: 8, login: 'newbie', trustLevel: 0 });
  });
  afterAll(async () => {
    await Promise.all([t.cleanup(), provider.close(), wechat.close()]);
  });

  const linuxDo = async (userId: number, headers: Record<string, string> = {}) => {
    const stateRes = await send<string>(t.app, 'GET', '/api/oauth/state');
    const cookie = [cookieFrom(stateRes.res, 'oauth_state'), headers.cookie]
      .filter(Boolean)
      .join('; ');
    const code = provider.issueCode('linuxdo', userId);
    return send<Record<string, unknown>>(
      t.app,
      'GET',
      `/api/oauth/linuxdo?code=${code}&state=${stateRes.body.data}`,
      { headers: { ...headers, cookie } },
    );
  };

  it('signs a linux.do user in with HTTP Basic client credentials and the callback URI', async () => {
    const res = await linuxDo(7);
    expect(res.body).toMatchObject({ success: true, data: { action: 'login', username: 'tux' } });
    const tokenCall = provider.requests.find((r) => r.url === '/oauth2/token');
    expect(tokenCall?.headers.authorization).toMatch(/^Basic /);
    expect(new URLSearchParams(tokenCall?.body).get('redirect_uri')).toBe(
      'https://console.example.com/oauth/linuxdo',
    );
    expect(tokenCall?.body).not.toContain(clients.linuxdo.secret);
  });

  it('refuses a trust level below the minimum, and a disabled provider', async () => {
    await setOptions(t.ctx, { LinuxDOMinimumTrustLevel: 1 });
    const low = await linuxDo(8);
    expect(low.body.code).toBe('linuxdo_trust_level_too_low');
    expect(low.body.message).toContain('(0)');
    await setOptions(t.ctx, { LinuxDOMinimumTrustLevel: 0 });
    expect((await linuxDo(8)).body.success).toBe(true);
    await setOptions(t.ctx, { LinuxDOOAuthEnabled: false });
    expect((await linuxDo(7)).body.code).toBe('linuxdo_login_disabled');
    await setOptions(t.ctx, { LinuxDOOAuthEnabled: true });
  });

  it('creates one account when two first sign-ins of one identity race', async () => {
    provider.addUser({ id: 9, login: 'racer', trustLevel: 1 });
    const results = await Promise.all([linuxDo(9), linuxDo(9), linuxDo(9)]);
    const ids = new Set(results.map((r) => r.body.data?.id));
    expect(results.every((r) => r.body.success)).toBe(true);
    expect(ids.size).toBe(1);
  });

  const weChatLogin = (code: string) =>
    send<Record<string, unknown>>(t.app, 'GET', `/api/oauth/wechat?code=${code}`);

  it('signs a WeChat follower up (wechat_<n>, "WeChat User") and in with the scan code', async () => {
    const res = await weChatLogin(wechat.issueCode('openid-alice'));
    expect(res.body.data).toMatchObject({ action: 'login', display_name: 'WeChat User' });
    expect(res.body.data?.username).toMatch(/^wechat_\d+$/);
    expect(res.res.cookies.some((c) => c.name === 'session')).toBe(true);
    const lookup = wechat.requests.at(-1);
    expect(lookup?.headers.authorization).toBe(wechatToken);
    const again = await weChatLogin(wechat.issueCode('openid-alice'));
    expect(again.body.data?.id).toBe(res.body.data?.id);
  });

  it('refuses a wrong or expired code and reports a helper that rejects the token', async () => {
    expect((await weChatLogin('000000')).body.code).toBe('wechat_code_invalid');
    const stale = wechat.issueCode('openid-bob', -1);
    expect((await weChatLogin(stale)).body.code).toBe('wechat_code_invalid');
    await setOptions(t.ctx, { WeChatServerToken: 'wrong' });
    const refused = await weChatLogin(wechat.issueCode('openid-bob'));
    expect(refused.body.code).toBe('wechat_server_error');
    expect(refused.body.message).toContain('Token');
    await setOptions(t.ctx, { WeChatServerToken: wechatToken, WeChatAuthEnabled: false });
    expect((await weChatLogin(wechat.issueCode('openid-bob'))).body.code).toBe(
      'wechat_login_disabled',
    );
    await setOptions(t.ctx, { WeChatAuthEnabled: true });
  });

  it('binds WeChat to a signed-in account (POST or GET) and refuses a bound OpenID', async () => {
    const { username, id } = await seedUser(t.ctx, 1);
    const headers = await signIn(t.app, username);
    const bind = (method: 'POST' | 'GET', code: string, body?: object) =>
      send(t.app, method, `/api/oauth/wechat/bind${body ? '' : `?code=${code}`}`, {
        headers,
        body,
      });
    expect((await bind('POST', wechat.issueCode('openid-alice'))).body.code).toBe(
      'account_already_bound',
    );
    expect((await bind('POST', '', { code: wechat.issueCode('openid-carol') })).body.success).toBe(
      true,
    );
    const row = await t.ctx.db
      .selectFrom('users')
      .select('wechat_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.wechat_id).toBe('openid-carol');
    expect((await bind('GET', wechat.issueCode('openid-dave'))).body.success).toBe(true);
    expect((await bind('POST', '')).body.code).toBe('wechat_code_invalid');
  });

  it('refuses a banned WeChat user', async () => {
    await t.ctx.db
      .updateTable('users')
      .set({ status: 2 })
      .where('wechat_id', '=', 'openid-alice')
      .execute();
    expect((await weChatLogin(wechat.issueCode('openid-alice'))).body.code).toBe('user_banned');
  });
});
