import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { completeSetup, signIn } from '../accounts/accounts-helpers.js';
import { createTestApp, testDb, testRedis, type TestApp } from '../helpers/test-context.js';
import { startFakeSmtp, type FakeSmtp } from './fakes/smtp.js';
import { send, setOptions, smtpCredentials, useSmtp } from './signin-helpers.js';

describe(`SMTP sending on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;
  let plain: FakeSmtp;
  let tls: FakeSmtp;
  let root: Record<string, string>;
  beforeAll(async () => {
    [t, plain, tls] = await Promise.all([
      createTestApp(),
      startFakeSmtp(smtpCredentials),
      startFakeSmtp(smtpCredentials, { secure: true }),
    ]);
    await completeSetup(t.app);
    root = await signIn(t.app, 'root');
  });
  afterAll(async () => {
    await Promise.all([t.cleanup(), plain.close(), tls.close()]);
  });

  const testMail = (to: string) =>
    send(t.app, 'POST', '/api/option/test_mail', { headers: root, body: { to } });

  it('refuses the test mail before SMTP is configured', async () => {
    expect((await testMail('me@example.com')).body.code).toBe('smtp_not_configured');
  });

  it('sends a test mail with AUTH PLAIN on a plain port, From = system name <SMTPFrom>', async () => {
    await useSmtp(t.ctx, plain);
    await setOptions(t.ctx, { SystemName: 'Gateway Ünïcode' });
    const res = await testMail('Me@Example.com');
    expect(res.body).toMatchObject({ success: true });
    const mail = await plain.waitFor((m) => m.to.includes('me@example.com'));
    expect(mail.from).toBe('noreply@example.com');
    expect(mail.auth).toEqual({ method: 'PLAIN', username: smtpCredentials.user });
    expect(mail.secure).toBe(false);
    expect(mail.headers.get('from')).toContain('<noreply@example.com>');
    expect(mail.subject).toBe('Gateway Ünïcode test e-mail');
    expect(mail.headers.get('mime-version')).toBe('1.0');
    expect(mail.html).toContain('Gateway Ünïcode');
  });

  it('uses implicit TLS when SMTPSSLEnabled and AUTH LOGIN when forced', async () => {
    await useSmtp(t.ctx, tls, true);
    await setOptions(t.ctx, { SMTPForceAuthLogin: true, SMTPFrom: '' });
    expect((await testMail('tls@example.com')).body.success).toBe(true);
    const mail = await tls.waitFor((m) => m.to.includes('tls@example.com'));
    expect(mail.secure).toBe(true);
    expect(mail.auth?.method).toBe('LOGIN');
    // An empty SMTPFrom falls back to the account.
    expect(mail.from).toBe(smtpCredentials.user);
    await setOptions(t.ctx, { SMTPForceAuthLogin: false, SMTPFrom: 'noreply@example.com' });
  });

  it("reports the SMTP server's own error text (wrong password, wrong port)", async () => {
    await useSmtp(t.ctx, plain);
    await setOptions(t.ctx, { SMTPToken: 'wrong' });
    const auth = await testMail('me@example.com');
    expect(auth.body.code).toBe('email_send_failed');
    expect(auth.body.message).toContain('Invalid username or password');
    await setOptions(t.ctx, { SMTPToken: smtpCredentials.pass, SMTPPort: 1 });
    const refused = await testMail('me@example.com');
    expect(refused.body.code).toBe('email_send_failed');
    expect(refused.body.message).toMatch(/ECONNREFUSED/);
    await useSmtp(t.ctx, plain);
  });

  it('never lists SMTPToken and keeps the test mail root-only', async () => {
    const list = await send<Array<{ key: string }>>(t.app, 'GET', '/api/option/', {
      headers: root,
    });
    const keys = list.body.data?.map((o) => o.key) ?? [];
    expect(keys).toContain('SMTPServer');
    expect(keys).not.toContain('SMTPToken');
    expect(
      (await send(t.app, 'POST', '/api/option/test_mail', { body: { to: 'a@b.co' } })).status,
    ).toBe(401);
  });

  it('queues mail in the background and logs failures instead of throwing', async () => {
    t.ctx.mail.queue({ to: 'queued@example.com', subject: 'Q', html: '<p>q</p>' }, 'test');
    await t.ctx.mail.flush();
    expect(plain.mails.some((m) => m.to.includes('queued@example.com'))).toBe(true);
    await setOptions(t.ctx, { SMTPServer: '' });
    t.ctx.mail.queue({ to: 'lost@example.com', subject: 'Q', html: '<p>q</p>' }, 'test');
    await t.ctx.mail.flush();
    await expect(t.ctx.mail.send({ to: 'x@example.com', subject: 'x', html: 'x' })).rejects.toThrow(
      AppError,
    );
    await useSmtp(t.ctx, plain);
  });
});
