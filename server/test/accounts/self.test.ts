import bcrypt from 'bcryptjs';
import { Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { call, completeSetup, seedPassword, seedUser, signIn } from './accounts-helpers.js';

describe(`the signed-in user's own account on ${testDb}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await completeSetup(t.app);
  });
  afterAll(() => t.cleanup());

  it('enforces the user-id header rule (New-Api-User or Rix-Api-User)', async () => {
    const user = await seedUser(t.ctx, Role.user);
    const { cookie, id } = await signIn(t.app, user.username);
    const self = (headers: Record<string, string>) =>
      call(t.app, 'GET', '/api/user/self', { headers });
    const denied = [
      [{ cookie }, 'user_header_missing'],
      [{ cookie, 'new-api-user': 'abc' }, 'user_header_invalid'],
      [{ cookie, 'new-api-user': String(Number(id) + 1000) }, 'user_header_mismatch'],
      [{ 'new-api-user': id }, 'unauthorized'],
    ] as const;
    for (const [headers, code] of denied) {
      const res = await self(headers);
      expect(res.status, code).toBe(401);
      expect(res.body).toMatchObject({ success: false, code });
    }
    expect((await self({ cookie, 'new-api-user': id })).body.success).toBe(true);
    expect((await self({ cookie, 'rix-api-user': id })).body.success).toBe(true);
  });

  it('changes display name and language, and the password only with the original', async () => {
    const user = await seedUser(t.ctx, Role.user);
    const first = await signIn(t.app, user.username);
    const second = await signIn(t.app, user.username);
    const put = (headers: Record<string, string>, body: Record<string, unknown>) =>
      call(t.app, 'PUT', '/api/user/self', { headers, body });

    expect((await put(first, { display_name: 'Zed', language: 'de' })).body.success).toBe(true);
    const self = await call(t.app, 'GET', '/api/user/self', { headers: first });
    expect(self.body.data).toMatchObject({ display_name: 'Zed', language: 'de' });

    const wrong = await put(first, { password: 'newpassword1', original_password: 'nope' });
    expect(wrong.body.code).toBe('original_password_wrong');
    const short = await put(first, { password: 'short', original_password: seedPassword });
    expect(short.body.code).toBe('password_too_short');
    const ok = await put(first, { password: 'newpassword1', original_password: seedPassword });
    expect(ok.body.success).toBe(true);

    // The session that changed it stays; the user's other sessions end.
    expect((await call(t.app, 'GET', '/api/user/self', { headers: first })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/self', { headers: second })).status).toBe(401);
    await expect(signIn(t.app, user.username)).rejects.toThrow();
    await signIn(t.app, user.username, 'newpassword1');
  });

  it('generates a personal access token that works instead of the cookie', async () => {
    const user = await seedUser(t.ctx, Role.user);
    const headers = await signIn(t.app, user.username);
    const first = await call<string>(t.app, 'GET', '/api/user/token', { headers });
    expect(first.body.data).toMatch(/^[0-9a-zA-Z]{32}$/);
    const viaToken = { authorization: first.body.data ?? '', 'new-api-user': headers.id };
    const self = await call(t.app, 'GET', '/api/user/self', { headers: viaToken });
    expect(self.body.data).toMatchObject({ username: user.username });
    const bearer = { ...viaToken, authorization: `Bearer ${first.body.data}` };
    expect((await call(t.app, 'GET', '/api/user/self', { headers: bearer })).status).toBe(200);
    const mismatch = { ...viaToken, 'new-api-user': '1' };
    expect((await call(t.app, 'GET', '/api/user/self', { headers: mismatch })).status).toBe(401);

    const second = await call<string>(t.app, 'GET', '/api/user/token', { headers });
    expect(second.body.data).not.toBe(first.body.data);
    const old = await call(t.app, 'GET', '/api/user/self', { headers: viaToken });
    expect(old).toMatchObject({ status: 401, body: { code: 'access_token_invalid' } });
  });

  it('closes out an account for good once its name is typed; never root', async () => {
    const user = await seedUser(t.ctx, Role.user);
    await t.ctx.db
      .updateTable('users')
      .set({ email: 'gone@example.com', github_id: 'gh1' })
      .where('id', '=', user.id)
      .execute();
    const headers = await signIn(t.app, user.username);
    const token =
      (await call<string>(t.app, 'GET', '/api/user/token', { headers })).body.data ?? '';
    const other = await signIn(t.app, user.username);

    const wrong = await call(t.app, 'DELETE', '/api/user/self', {
      headers,
      body: { confirm_username: 'someone' },
    });
    expect(wrong.body.code).toBe('confirm_username_mismatch');
    const closed = await call(t.app, 'DELETE', '/api/user/self', {
      headers,
      body: { confirm_username: user.username },
    });
    expect(closed.body.success).toBe(true);

    const row = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 3, access_token: null, email: null, github_id: null });
    expect((await call(t.app, 'GET', '/api/user/self', { headers: other })).status).toBe(401);
    const viaToken = await call(t.app, 'GET', '/api/user/self', {
      headers: { authorization: token, 'new-api-user': headers.id },
    });
    expect(viaToken.status).toBe(401);
    const login = await call(t.app, 'POST', '/api/user/login', {
      body: { username: user.username, password: seedPassword },
    });
    expect(login.body.code).toBe('wrong_credentials');

    const root = await signIn(t.app, 'root');
    const refused = await call(t.app, 'DELETE', '/api/user/self', {
      headers: root,
      body: { confirm_username: 'root' },
    });
    expect(refused.body.code).toBe('root_cannot_close');
  });

  it('accepts imported bcrypt hashes and upgrades them to argon2id', async () => {
    for (const prefix of ['$2a$', '$2b$', '$2y$']) {
      const hash = prefix + bcrypt.hashSync('legacy-pass1', 4).slice(4);
      const user = await seedUser(t.ctx, Role.user);
      await t.ctx.db
        .updateTable('users')
        .set({ password_hash: hash })
        .where('id', '=', user.id)
        .execute();
      const bad = await call(t.app, 'POST', '/api/user/login', {
        body: { username: user.username, password: 'nope' },
      });
      expect(bad.body.code).toBe('wrong_credentials');
      await signIn(t.app, user.username, 'legacy-pass1');
      const row = await t.ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
      await signIn(t.app, user.username, 'legacy-pass1');
    }
  });

  it('answers in the language asked for, or the user’s own choice', async () => {
    const res = await call(t.app, 'POST', '/api/user/login', {
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
      body: { username: 'nobody', password: 'whatever1' },
    });
    expect(res.body.code).toBe('wrong_credentials');
    expect(res.body.message).toBe('用户名或密码错误，或用户已被封禁');
    const user = await seedUser(t.ctx, Role.user);
    const headers = await signIn(t.app, user.username);
    await call(t.app, 'PUT', '/api/user/self', { headers, body: { language: 'ja' } });
    const bad = await call(t.app, 'PUT', '/api/user/self', {
      headers: { ...headers, 'accept-language': 'zh' },
      body: { password: 'newpassword1', original_password: 'wrong-one' },
    });
    expect(bad.body.message).toBe('元のパスワードが間違っています');
  });
});
