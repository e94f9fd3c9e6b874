import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCode } from '../../src/domain/verification/verification-codes.js';
import { completeSetup, seedUser, signIn } from '../accounts/accounts-helpers.js';
import { createTestApp, testDb, testRedis, type TestApp } from '../helpers/test-context.js';
import { startFakeSmtp, type FakeSmtp } from './fakes/smtp.js';
import { codeIn, nextIp, send, setOptions, smtpCredentials, useSmtp } from './signin-helpers.js';

describe(`e-mail codes over SMTP on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    [t, smtp] = await Promise.all([createTestApp(), startFakeSmtp(smtpCredentials)]);
    await completeSetup(t.app);
    await useSmtp(t.ctx, smtp);
    await setOptions(t.ctx, { EmailVerificationEnabled: true, SystemName: 'Gateway' });
  });
  afterAll(async () => {
    await Promise.all([t.cleanup(), smtp.close()]);
  });

  const requestCode = (
    email: string,
    options: { ip?: string; headers?: Record<string, string> } = {},
  ) => send(t.app, 'GET', `/api/verification?email=${encodeURIComponent(email)}`, options);
  const register = (body: Record<string, unknown>) =>
    send(t.app, 'POST', '/api/user/register', { body });
  const mailTo = (address: string) => smtp.waitFor((m) => m.to.includes(address));

  it('mails a six-digit code that registers the address once', async () => {
    const res = await requestCode('New.User@Example.com', {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(res.body).toMatchObject({ success: true });
    const mail = await mailTo('new.user@example.com');
    expect(mail.subject).toBe('Gateway: E-Mail-Bestätigung');
    expect(mail.text).toContain('10 Minuten');
    const code = codeIn(mail);
    expect(mail.html).toContain(code);

    const form = { username: 'newuser', password: 'password123', email: 'new.user@example.com' };
    expect(
      (await register({ ...form, verification_code: '000000' === code ? '111111' : '000000' })).body
        .code,
    ).toBe('verification_code_invalid');
    expect((await register({ ...form, verification_code: code })).body).toMatchObject({
      success: true,
    });
    const row = await t.ctx.db
      .selectFrom('users')
      .select('email')
      .where('username', '=', 'newuser')
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('new.user@example.com');
    // Reused: the code is gone, and the address is now taken anyway.
    const again = await register({ ...form, username: 'newuser2', verification_code: code });
    expect(again.body.code).toBe('email_taken');
  });

  it('refuses to send a code for an address another account uses', async () => {
    expect((await requestCode('new.user@example.com')).body.code).toBe('email_taken');
  });

  it('refuses an expired code', async () => {
    const code = await issueCode(t.ctx, 'register', 'late@example.com', 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await register({
      username: 'lateuser',
      password: 'password123',
      email: 'late@example.com',
      verification_code: code,
    });
    expect(res.body.code).toBe('verification_code_invalid');
  });

  it('keeps codes for the configured minutes', async () => {
    await setOptions(t.ctx, { EmailCodeTTLMinutes: 3 });
    await requestCode('ttl@example.com');
    expect((await mailTo('ttl@example.com')).text).toContain('3 minutes');
    await setOptions(t.ctx, { EmailCodeTTLMinutes: 10 });
  });

  it('allows two code requests per IP per 30 seconds (429 after)', async () => {
    const ip = nextIp();
    const statuses = [];
    for (const n of [1, 2, 3])
      statuses.push((await requestCode(`ip${n}@example.com`, { ip })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await requestCode('ip4@example.com', { ip });
    expect(limited.body).toMatchObject({ success: false, code: 'email_send_too_often' });
  });

  it('allows one code per address per minute', async () => {
    expect((await requestCode('once@example.com')).status).toBe(200);
    const second = await requestCode('once@example.com');
    expect(second.status).toBe(429);
    expect(second.body.code).toBe('email_send_too_often');
  });

  it('applies the domain allow-list and the alias rule before sending', async () => {
    await setOptions(t.ctx, {
      EmailDomainRestrictionEnabled: true,
      EmailDomainWhitelist: 'allowed.org',
    });
    expect((await requestCode('x@example.com')).body.code).toBe('email_domain_not_allowed');
    expect((await requestCode('x@allowed.org')).body.success).toBe(true);
    await setOptions(t.ctx, {
      EmailDomainRestrictionEnabled: false,
      EmailAliasRestrictionEnabled: true,
    });
    expect((await requestCode('a+b@example.com')).body.code).toBe('email_alias_not_allowed');
    expect((await requestCode('a.b@example.com')).body.code).toBe('email_alias_not_allowed');
    await setOptions(t.ctx, { EmailAliasRestrictionEnabled: false });
  });

  it('validates the address and reports a failed delivery', async () => {
    expect((await requestCode('not-an-address')).body.code).toBe('email_invalid');
    expect((await send(t.app, 'GET', '/api/verification')).body.code).toBe('email_required');
    await setOptions(t.ctx, { SMTPToken: 'wrong' });
    const failed = await requestCode('fail@example.com');
    expect(failed.body.code).toBe('email_send_failed');
    await setOptions(t.ctx, { SMTPToken: smtpCredentials.pass });
    // The failed attempt did not spend the address's minute.
    expect((await requestCode('fail@example.com')).body.success).toBe(true);
  });

  it('binds and changes the e-mail of a signed-in user with a code', async () => {
    const { username } = await seedUser(t.ctx, 1);
    const headers = await signIn(t.app, username);
    const bind = (body: object) => send(t.app, 'POST', '/api/oauth/email/bind', { headers, body });

    expect((await requestCode('bound@example.com', { headers })).body.success).toBe(true);
    const code = codeIn(await mailTo('bound@example.com'));
    // A code for binding does not register, and a wrong one does not bind.
    expect(
      (await bind({ email: 'bound@example.com', code: code === '123456' ? '654321' : '123456' }))
        .body.code,
    ).toBe('verification_code_invalid');
    expect((await bind({ email: 'bound@example.com', code })).body).toMatchObject({
      success: true,
    });
    const self = await send<{ email: string }>(t.app, 'GET', '/api/user/self', { headers });
    expect(self.body.data?.email).toBe('bound@example.com');
    expect((await bind({ email: 'bound@example.com', code })).body.code).toBe(
      'verification_code_invalid',
    );

    // Changing it: the older client form with query parameters works too.
    await requestCode('changed@example.com', { headers });
    const next = codeIn(await mailTo('changed@example.com'));
    const legacy = await send(
      t.app,
      'POST',
      `/api/oauth/email/bind?email=changed@example.com&code=${next}`,
      { headers },
    );
    expect(legacy.body.success).toBe(true);
    // Another account cannot get a code for it any more.
    expect((await requestCode('changed@example.com')).body.code).toBe('email_taken');
    expect((await send(t.app, 'POST', '/api/oauth/email/bind', { body: {} })).status).toBe(401);
  });
});
