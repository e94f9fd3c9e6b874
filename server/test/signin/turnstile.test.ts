import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSetup, signIn } from '../accounts/accounts-helpers.js';
import { createTestApp, testDb, testRedis, type TestApp } from '../helpers/test-context.js';
import type { FakeHttp } from './fakes/fake-http.js';
import { startFakeSmtp, type FakeSmtp } from './fakes/smtp.js';
import { passingToken, startFakeTurnstile } from './fakes/turnstile.js';
import { cookieFrom, send, setOptions, smtpCredentials, useSmtp } from './signin-helpers.js';

const secret = '0x4AAAAAAA-test-secret';

describe(`Turnstile on guarded calls on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;
  let turnstile: FakeHttp;
  let smtp: FakeSmtp;
  let root: Record<string, string>;
  let n = 0;
  const token = () => passingToken(++n);
  beforeAll(async () => {
    [t, turnstile, smtp] = await Promise.all([
      createTestApp(),
      startFakeTurnstile(secret),
      startFakeSmtp(smtpCredentials),
    ]);
    await completeSetup(t.app);
    root = await signIn(t.app, 'root');
    await useSmtp(t.ctx, smtp);
    await setOptions(t.ctx, {
      TurnstileSiteKey: '0x4AAAAAAA-site-key',
      TurnstileSecretKey: secret,
      TurnstileVerifyUrl: `${turnstile.url}/siteverify`,
      TurnstileCheckEnabled: true,
      ServerAddress: 'https://console.example.com',
    });
  });
  afterAll(async () => {
    await Promise.all([t.cleanup(), turnstile.close(), smtp.close()]);
  });

  const guarded = [
    {
      name: 'sign-in',
      method: 'POST',
      url: '/api/user/login',
      body: { username: 'root', password: 'password123' },
    },
    {
      name: 'sign-up',
      method: 'POST',
      url: '/api/user/register',
      body: { username: 'tsuser', password: 'password123' },
    },
    { name: 'code sending', method: 'GET', url: '/api/verification?email=ts@example.com' },
    { name: 'reset', method: 'GET', url: '/api/reset_password?email=ts@example.com' },
  ] as const;

  for (const call of guarded) {
    it(`checks the token before anything else on ${call.name}`, async () => {
      const sep = call.url.includes('?') ? '&' : '?';
      const body = 'body' in call ? call.body : undefined;
      const before = turnstile.requests.length;
      const empty = await send(t.app, call.method, call.url, { body });
      expect(empty.body).toMatchObject({ success: false, code: 'turnstile_token_empty' });
      expect(turnstile.requests.length).toBe(before);
      const failed = await send(t.app, call.method, `${call.url}${sep}turnstile=bot`, { body });
      expect(failed.body.code).toBe('turnstile_failed');
      const verify = new URLSearchParams(turnstile.requests.at(-1)?.body);
      expect(verify.get('secret')).toBe(secret);
      expect(verify.get('response')).toBe('bot');
      expect(verify.get('remoteip')).toMatch(/^10\./);
      const passed = await send(t.app, call.method, `${call.url}${sep}turnstile=${token()}`, {
        body,
      });
      expect(passed.body).toMatchObject({ success: true });
    });
  }

  it('did nothing on refused calls: one account and one code mail, from the passing calls', async () => {
    const users = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'tsuser')
      .execute();
    expect(users).toHaveLength(1);
    expect(smtp.mails.filter((m) => m.to.includes('ts@example.com'))).toHaveLength(1);
  });

  it('asks a signed-in user binding an e-mail for no second check', async () => {
    const res = await send(t.app, 'GET', '/api/verification?email=bind.ts@example.com', {
      headers: root,
    });
    expect(res.body).toMatchObject({ success: true });
  });

  it('refuses a replayed token and remembers a pass for the browser', async () => {
    const once = token();
    const login = (query: string, cookie?: string) =>
      send(t.app, 'POST', `/api/user/login${query}`, {
        body: { username: 'root', password: 'password123' },
        headers: cookie ? { cookie } : {},
      });
    const first = await login(`?turnstile=${once}`);
    expect(first.body.success).toBe(true);
    expect((await login(`?turnstile=${once}`)).body.code).toBe('turnstile_failed');
    const pass = cookieFrom(first.res, 'turnstile_pass');
    expect((await login('', pass)).body.success).toBe(true);
    expect((await login('', 'turnstile_pass=forged')).body.code).toBe('turnstile_token_empty');
  });

  it('shows the public site key but never the secret, and exposes the switch in /api/status', async () => {
    const list = await send<Array<{ key: string; value: string }>>(t.app, 'GET', '/api/option/', {
      headers: root,
    });
    const options = new Map(list.body.data?.map((o) => [o.key, o.value]));
    expect(options.get('TurnstileSiteKey')).toBe('0x4AAAAAAA-site-key');
    expect(options.has('TurnstileSecretKey')).toBe(false);
    const status = await send<Record<string, unknown>>(t.app, 'GET', '/api/status');
    expect(status.body.data).toMatchObject({
      turnstile_check: true,
      turnstile_site_key: '0x4AAAAAAA-site-key',
    });
  });

  it('fails closed when siteverify cannot be reached', async () => {
    await setOptions(t.ctx, { TurnstileVerifyUrl: 'http://127.0.0.1:1/siteverify' });
    const res = await send(t.app, 'POST', `/api/user/login?turnstile=${token()}`, {
      body: { username: 'root', password: 'password123' },
    });
    expect(res.body.code).toBe('turnstile_failed');
    await setOptions(t.ctx, { TurnstileVerifyUrl: `${turnstile.url}/siteverify` });
  });
});
