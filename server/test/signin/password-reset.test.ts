import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueResetToken } from '../../src/domain/verification/reset-tokens.js';
import { completeSetup, seedUser, signIn } from '../accounts/accounts-helpers.js';
import { createTestApp, testDb, testRedis, type TestApp } from '../helpers/test-context.js';
import { startFakeSmtp, type FakeSmtp } from './fakes/smtp.js';
import { nextIp, send, setOptions, smtpCredentials, useSmtp } from './signin-helpers.js';

describe(`password reset by e-mailed link on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let user: { id: number; username: string };
  beforeAll(async () => {
    [t, smtp] = await Promise.all([createTestApp(), startFakeSmtp(smtpCredentials)]);
    await completeSetup(t.app);
    await useSmtp(t.ctx, smtp);
    await setOptions(t.ctx, { ServerAddress: 'https://console.example.com/' });
    user = await seedUser(t.ctx, 1);
    await t.ctx.db
      .updateTable('users')
      .set({ email: 'reset.me@example.com' })
      .where('id', '=', user.id)
      .execute();
  });
  afterAll(async () => {
    await Promise.all([t.cleanup(), smtp.close()]);
  });

  const requestReset = (email: string, ip?: string) =>
    send(t.app, 'GET', `/api/reset_password?email=${encodeURIComponent(email)}`, { ip });
  const finish = (body: Record<string, unknown>) =>
    send(t.app, 'POST', '/api/user/reset', { body });
  /** The link of the last reset mail to `address`. */
  const linkTo = async (address: string, after = 0) => {
    await t.ctx.mail.flush();
    const mails = smtp.mails.filter((m) => m.to.includes(address));
    const mail = mails[mails.length - 1];
    if (!mail || mails.length <= after) throw new Error('no reset mail');
    const href = /https:\/\/console\.example\.com\/user\/reset\?[^\s"<]+/.exec(mail.text)?.[0];
    if (!href) throw new Error(`no link in ${mail.text}`);
    return { url: new URL(href.replace(/&amp;/g, '&')), mail, count: mails.length };
  };

  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const known = await requestReset('Reset.Me@example.com');
    const unknown = await requestReset('nobody@example.com');
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ success: true, message: '', data: null });
    await t.ctx.mail.flush();
    expect(smtp.mails.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
    const { url, mail } = await linkTo('reset.me@example.com');
    expect(mail.subject).toContain('password reset');
    expect(url.pathname).toBe('/user/reset');
    expect(url.searchParams.get('email')).toBe('reset.me@example.com');
    expect(url.searchParams.get('token')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sets the chosen password once, ends every session, and refuses the reused link', async () => {
    const session = await signIn(t.app, user.username);
    const { url } = await linkTo('reset.me@example.com');
    const form = { email: url.searchParams.get('email'), token: url.searchParams.get('token') };
    expect((await finish({ ...form, password: 'short' })).body.code).toBe('password_too_short');
    expect(
      (await finish({ ...form, token: 'f'.repeat(32), password: 'new-password1' })).body.code,
    ).toBe('reset_link_invalid');
    expect((await finish({ ...form, password: 'new-password1' })).body).toMatchObject({
      success: true,
    });
    expect((await send(t.app, 'GET', '/api/user/self', { headers: session })).status).toBe(401);
    await expect(signIn(t.app, user.username)).rejects.toThrow();
    await signIn(t.app, user.username, 'new-password1');
    expect((await finish({ ...form, password: 'other-password1' })).body.code).toBe(
      'reset_link_invalid',
    );
  });

  it('refuses an expired link and lets a newer link replace an older one', async () => {
    const expired = await issueResetToken(t.ctx, 'reset.me@example.com', 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await finish({
      email: 'reset.me@example.com',
      token: expired,
      password: 'x-password1',
    });
    expect(res.body.code).toBe('reset_link_invalid');

    const older = await issueResetToken(t.ctx, 'reset.me@example.com', 60);
    const newer = await issueResetToken(t.ctx, 'reset.me@example.com', 60);
    const form = { email: 'reset.me@example.com', password: 'x-password1' };
    expect((await finish({ ...form, token: older })).body.code).toBe('reset_link_invalid');
    expect((await finish({ ...form, token: newer })).body.success).toBe(true);
  });

  it('mails at most once a minute per address, still answering success', async () => {
    const before = smtp.mails.filter((m) => m.to.includes('reset.me@example.com')).length;
    // The previous tests' request already used this minute.
    expect((await requestReset('reset.me@example.com')).body.success).toBe(true);
    await t.ctx.mail.flush();
    expect(smtp.mails.filter((m) => m.to.includes('reset.me@example.com')).length).toBe(before);
  });

  it('says reset is unavailable without ServerAddress or SMTP, for every address alike', async () => {
    const other = await seedUser(t.ctx, 1);
    await t.ctx.db
      .updateTable('users')
      .set({ email: 'nohost@example.com' })
      .where('id', '=', other.id)
      .execute();
    const unavailable = { success: false, code: 'password_reset_unavailable' };
    // Never a link built from the Host header: without ServerAddress nothing can be mailed.
    await setOptions(t.ctx, { ServerAddress: '' });
    try {
      expect((await requestReset('nohost@example.com')).body).toMatchObject(unavailable);
      expect((await requestReset('nobody@example.com')).body).toMatchObject(unavailable);
    } finally {
      await setOptions(t.ctx, { ServerAddress: 'https://console.example.com' });
    }
    await setOptions(t.ctx, { SMTPServer: '' });
    try {
      expect((await requestReset('nohost@example.com')).body).toMatchObject(unavailable);
    } finally {
      await useSmtp(t.ctx, smtp);
    }
    await t.ctx.mail.flush();
    expect(smtp.mails.some((m) => m.to.includes('nohost@example.com'))).toBe(false);
  });

  it('limits reset requests per IP (20 per 20 minutes)', async () => {
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await requestReset(`n${i}@example.com`, ip)).status;
    expect(last).toBe(429);
  });

  it('sends a banned user no link', async () => {
    const banned = await seedUser(t.ctx, 1, { status: 2 });
    await t.ctx.db
      .updateTable('users')
      .set({ email: 'banned@example.com' })
      .where('id', '=', banned.id)
      .execute();
    expect((await requestReset('banned@example.com')).body.success).toBe(true);
    await t.ctx.mail.flush();
    expect(smtp.mails.some((m) => m.to.includes('banned@example.com'))).toBe(false);
  });
});
