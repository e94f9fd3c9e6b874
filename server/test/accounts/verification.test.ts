import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeCode, issueCode } from '../../src/domain/verification/verification-codes.js';
import { createTestApp, testDb, testRedis, type TestApp } from '../helpers/test-context.js';
import { call, completeSetup } from './accounts-helpers.js';

describe(`verification codes and e-mail sign-up on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await completeSetup(t.app);
  });
  afterAll(() => t.cleanup());

  it('issues six-digit codes that work once, per purpose and address', async () => {
    const code = await issueCode(t.ctx, 'register', 'Eve@Example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(await consumeCode(t.ctx, 'bind_email', 'eve@example.com', code)).toBe(false);
    expect(await consumeCode(t.ctx, 'register', 'eve@example.com', code)).toBe(true);
    expect(await consumeCode(t.ctx, 'register', 'eve@example.com', code)).toBe(false);
  });

  it('replaces an older code with a new one', async () => {
    const first = await issueCode(t.ctx, 'reset_password', 'a@example.com');
    const second = await issueCode(t.ctx, 'reset_password', 'a@example.com');
    if (first !== second) {
      expect(await consumeCode(t.ctx, 'reset_password', 'a@example.com', first)).toBe(false);
    }
    expect(await consumeCode(t.ctx, 'reset_password', 'a@example.com', second)).toBe(true);
  });

  it('lets only one of two simultaneous checks use a code', async () => {
    const code = await issueCode(t.ctx, 'register', 'race@example.com');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => consumeCode(t.ctx, 'register', 'race@example.com', code)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('throws a code away after five wrong guesses', async () => {
    const code = await issueCode(t.ctx, 'register', 'guess@example.com');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) await consumeCode(t.ctx, 'register', 'guess@example.com', wrong);
    expect(await consumeCode(t.ctx, 'register', 'guess@example.com', code)).toBe(false);
  });

  it('expires codes after their time to live', async () => {
    const code = await issueCode(t.ctx, 'register', 'late@example.com', 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await consumeCode(t.ctx, 'register', 'late@example.com', code)).toBe(false);
  });

  it('requires a valid code at sign-up when e-mail verification is on', async () => {
    await t.ctx.settings.set('EmailVerificationEnabled', 'true');
    const form = { username: 'mailer', password: 'password123', email: 'Mailer@Example.com' };
    const register = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/user/register', { body });

    expect((await register({ username: 'mailer', password: 'password123' })).body.code).toBe(
      'email_required',
    );
    expect((await register(form)).body.code).toBe('verification_code_required');
    expect((await register({ ...form, verification_code: '123' })).body.code).toBe(
      'verification_code_invalid',
    );

    await t.ctx.settings.set('EmailDomainRestrictionEnabled', 'true');
    await t.ctx.settings.set('EmailDomainWhitelist', 'allowed.org');
    expect((await register({ ...form, verification_code: '1' })).body.code).toBe(
      'email_domain_not_allowed',
    );
    await t.ctx.settings.set('EmailDomainRestrictionEnabled', 'false');
    await t.ctx.settings.set('EmailAliasRestrictionEnabled', 'true');
    const alias = { ...form, email: 'mailer+x@example.com', verification_code: '1' };
    expect((await register(alias)).body.code).toBe('email_alias_not_allowed');
    await t.ctx.settings.set('EmailAliasRestrictionEnabled', 'false');

    const code = await issueCode(t.ctx, 'register', 'mailer@example.com');
    expect((await register({ ...form, verification_code: code })).body.success).toBe(true);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('email')
      .where('username', '=', 'mailer')
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('mailer@example.com');

    const again = await issueCode(t.ctx, 'register', 'mailer@example.com');
    const twice = await register({ ...form, username: 'mailer2', verification_code: again });
    expect(twice.body.code).toBe('email_taken');
    await t.ctx.settings.set('EmailVerificationEnabled', 'false');
  });

  it('asks for a Turnstile token when the check is on', async () => {
    await t.ctx.settings.set('TurnstileCheckEnabled', 'true');
    const res = await call(t.app, 'POST', '/api/user/login', {
      body: { username: 'root', password: 'x' },
    });
    expect(res.body.code).toBe('turnstile_token_empty');
    await t.ctx.settings.set('TurnstileCheckEnabled', 'false');
  });
});
