import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  quotaForInvitee,
  quotaForInviter,
  quotaForNewUser,
} from '../../src/config/settings/groups/quota.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { call, completeSetup, signIn, type Envelope } from './accounts-helpers.js';

describe(`register, login, logout on ${testDb}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await completeSetup(t.app);
  });
  afterAll(() => t.cleanup());

  const register = (body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/user/register', { body });

  it('answers validation errors in the envelope, never with a 500', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: 'thirteenchars', password: 'password123' }, 'username_too_long'],
      [{ username: '', password: 'password123' }, 'username_required'],
      [{ username: 'shorty', password: 'short' }, 'password_too_short'],
      [{ username: 'longy', password: 'x'.repeat(21) }, 'password_too_long'],
      [
        { username: 'mismatch', password: 'password123', password2: 'password124' },
        'passwords_do_not_match',
      ],
      [{ username: 'mail', password: 'password123', email: 'not-an-address' }, 'email_invalid'],
      [{ password: 'password123' }, 'invalid_request'],
    ];
    for (const [body, code] of cases) {
      const res = await register(body);
      expect(res.status, code).toBe(200);
      expect(res.body, code).toMatchObject({ success: false, code });
    }
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(garbage.statusCode).toBeLessThan(500);
    expect(garbage.json<Envelope>().success).toBe(false);
    const count = await t.ctx.db.selectFrom('users').select('id').execute();
    expect(count).toHaveLength(1);
  });

  it('registers, signs in by username or e-mail, and signs out', async () => {
    const created = await register({
      username: 'alice',
      password: 'password123',
      password2: 'password123',
    });
    expect(created.body).toMatchObject({ success: true });
    const taken = await register({ username: 'alice', password: 'password123' });
    expect(taken.body.code).toBe('username_taken');

    const row = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row.role).toBe(1);
    await t.ctx.db
      .updateTable('users')
      .set({ email: 'alice@example.com' })
      .where('id', '=', row.id)
      .execute();

    const wrong = await call(t.app, 'POST', '/api/user/login', {
      body: { username: 'alice', password: 'nope-nope' },
    });
    expect(wrong.body).toMatchObject({ success: false, code: 'wrong_credentials' });
    const unknown = await call(t.app, 'POST', '/api/user/login', {
      body: { username: 'nobody', password: 'password123' },
    });
    expect(unknown.body.code).toBe('wrong_credentials');

    const byMail = await call(t.app, 'POST', '/api/user/login', {
      body: { username: 'alice@example.com', password: 'password123' },
    });
    expect(byMail.body).toEqual({
      success: true,
      message: '',
      data: {
        id: row.id,
        username: 'alice',
        display_name: 'alice',
        role: 1,
        status: 1,
        group: 'default',
      },
    });
    const cookie = byMail.res.cookies.find((c) => c.name === 'session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const headers = { cookie: `session=${cookie?.value}`, 'new-api-user': String(row.id) };
    const after = await t.ctx.db
      .selectFrom('users')
      .select('last_login_at')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.last_login_at).toBeGreaterThan(0);

    const self = await call(t.app, 'GET', '/api/user/self', { headers });
    expect(self.body.data).toMatchObject({ username: 'alice', email: 'alice@example.com' });
    expect(self.body.data).not.toHaveProperty('password_hash');
    expect(self.body.data).not.toHaveProperty('access_token');

    const out = await call(t.app, 'GET', '/api/user/logout', { headers });
    expect(out.body.success).toBe(true);
    expect(out.res.cookies.find((c) => c.name === 'session')?.value).toBe('');
    const gone = await call(t.app, 'GET', '/api/user/self', { headers });
    expect(gone.status).toBe(401);
  });

  it('obeys the registration and login switches', async () => {
    await t.ctx.settings.set('RegisterEnabled', 'false');
    expect((await register({ username: 'bob', password: 'password123' })).body.code).toBe(
      'register_disabled',
    );
    await t.ctx.settings.set('RegisterEnabled', 'true');
    await t.ctx.settings.set('PasswordRegisterEnabled', 'false');
    expect((await register({ username: 'bob', password: 'password123' })).body.code).toBe(
      'password_register_disabled',
    );
    await t.ctx.settings.set('PasswordRegisterEnabled', 'true');
    await t.ctx.settings.set('PasswordLoginEnabled', 'false');
    const login = await call(t.app, 'POST', '/api/user/login', {
      body: { username: 'alice', password: 'password123' },
    });
    expect(login.body.code).toBe('password_login_disabled');
    await t.ctx.settings.set('PasswordLoginEnabled', 'true');
  });

  it('credits the new-user gift and invitation rewards with their log rows', async () => {
    await t.ctx.settings.set(quotaForNewUser.key, '1000');
    await t.ctx.settings.set(quotaForInvitee.key, '200');
    await t.ctx.settings.set(quotaForInviter.key, '300');
    const inviter = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('users')
      .set({ aff_code: 'AbCd' })
      .where('id', '=', inviter.id)
      .execute();

    expect(
      (await register({ username: 'carol', password: 'password123', aff_code: 'AbCd' })).body
        .success,
    ).toBe(true);
    expect(
      (await register({ username: 'dave', password: 'password123', aff_code: 'zzzz' })).body
        .success,
    ).toBe(true);

    const users = await t.ctx.db
      .selectFrom('users')
      .select([
        'username',
        'quota',
        'inviter_id',
        'inviter_code',
        'aff_count',
        'aff_quota',
        'aff_history_quota',
      ])
      .where('username', 'in', ['alice', 'carol', 'dave'])
      .orderBy('username')
      .execute();
    expect(users).toEqual([
      {
        username: 'alice',
        quota: 0,
        inviter_id: 0,
        inviter_code: '',
        aff_count: 1,
        aff_quota: 300,
        aff_history_quota: 300,
      },
      {
        username: 'carol',
        quota: 1200,
        inviter_id: inviter.id,
        inviter_code: 'AbCd',
        aff_count: 0,
        aff_quota: 0,
        aff_history_quota: 0,
      },
      {
        username: 'dave',
        quota: 1000,
        inviter_id: 0,
        inviter_code: 'zzzz',
        aff_count: 0,
        aff_quota: 0,
        aff_history_quota: 0,
      },
    ]);
    const root = await signIn(t.app, 'root');
    const created = await call(t.app, 'POST', '/api/user/', {
      headers: root,
      body: { username: 'erin', password: 'password123' },
    });
    expect(created.body.success).toBe(true);
    const erin = await t.ctx.db
      .selectFrom('users')
      .select('quota')
      .where('username', '=', 'erin')
      .executeTakeFirstOrThrow();
    expect(erin.quota).toBe(1000);

    const logs = await t.ctx.db
      .selectFrom('logs')
      .select(['username', 'type', 'quota'])
      .orderBy('id')
      .execute();
    expect(logs).toEqual([
      { username: 'carol', type: 1, quota: 1000 },
      { username: 'carol', type: 1, quota: 200 },
      { username: 'alice', type: 3, quota: 300 },
      { username: 'dave', type: 1, quota: 1000 },
      { username: 'erin', type: 1, quota: 1000 },
    ]);
  });
});
