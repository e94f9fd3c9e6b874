import { Role, translate } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { headersForNewUser } from './sign-in.js';

describe(`option rules on ${testDb}`, () => {
  let t: TestApp;
  let root: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    root = await headersForNewUser(t.ctx, Role.root);
  });
  afterAll(() => t.cleanup());

  const put = async (key: string, value: unknown, language = 'en') => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/option/',
      headers: { ...root, 'accept-language': language },
      payload: { key, value },
    });
    return res.json() as { success: boolean; message: string; code?: string };
  };
  const status = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/status' })).json().data;

  it.each([
    ['GitHubOAuthEnabled', ['GitHubClientId', 'GitHubClientSecret']],
    ['LinuxDOOAuthEnabled', ['LinuxDOClientId', 'LinuxDOClientSecret']],
    ['WeChatAuthEnabled', ['WeChatServerAddress', 'WeChatServerToken']],
    ['TurnstileCheckEnabled', ['TurnstileSiteKey', 'TurnstileSecretKey']],
  ])('refuses %s until %j are set, then allows it', async (flag, needs) => {
    const value = (key: string) =>
      key.endsWith('Address') ? 'https://helper.example.com' : 'configured-value';
    let res = await put(flag, true);
    expect(res).toMatchObject({ success: false, code: 'option_requires_config' });
    expect(res.message).toContain(needs.join(', '));
    expect((await put(needs[0], value(needs[0]))).success).toBe(true);
    res = await put(flag, 'true');
    expect(res).toMatchObject({ success: false, code: 'option_requires_config' });
    expect(res.message).toContain(needs[1]);
    expect(res.message).not.toContain(needs[0]);
    expect((await put(needs[1], value(needs[1]))).success).toBe(true);
    expect(await put(flag, true)).toEqual({ success: true, message: '', data: null });
    expect(await put(flag, false)).toMatchObject({ success: true });
  });

  it('refuses e-mail verification without an SMTP server', async () => {
    const res = await put('EmailVerificationEnabled', true);
    expect(res).toMatchObject({ success: false, code: 'option_requires_config' });
    expect(res.message).toContain('SMTPServer');
    expect((await status()).email_verification).toBe(false);
  });

  it('turns password login off with the lock-out warning, and on without it', async () => {
    const res = await put('PasswordLoginEnabled', false);
    expect(res.success).toBe(true);
    expect(res.message).toBe(
      'Password login is off: users without another sign-in method, administrators included, cannot sign in',
    );
    expect((await status()).password_login_enabled).toBe(false);
    const zh = await put('PasswordLoginEnabled', 'false', 'zh-CN,zh;q=0.9');
    expect(zh.message).toBe(translate('zh', 'password_login_lockout_warning'));
    expect(zh.message).not.toBe(res.message);
    expect(await put('PasswordLoginEnabled', true)).toMatchObject({ success: true, message: '' });
    expect((await status()).password_login_enabled).toBe(true);
  });

  it('keeps the check-in range ordered', async () => {
    expect(await put('CheckinMaxQuota', 500)).toMatchObject({ code: 'option_invalid' });
    expect((await put('CheckinMinQuota', 100)).success).toBe(true);
    expect((await put('CheckinMaxQuota', 500)).success).toBe(true);
    expect(await put('CheckinMinQuota', 600)).toMatchObject({ code: 'option_invalid' });
    expect((await put('CheckinMinQuota', 500)).success).toBe(true);
    expect(await put('CheckinMaxQuota', 499)).toMatchObject({ code: 'option_invalid' });
  });
});
