import { Role } from '@gateway/shared';
import { auditLedger } from '../helpers/ledger-audit.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { call, seedPassword, signIn } from './accounts-helpers.js';

describe(`first-run setup on ${testDb}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.cleanup());

  it('keeps account routes closed until root exists', async () => {
    const state = await call(t.app, 'GET', '/api/setup');
    expect(state.body).toMatchObject({
      success: true,
      data: { status: false, root_init: false, database_type: testDb },
    });
    const login = await call(t.app, 'POST', '/api/user/login', {
      body: { username: 'root', password: seedPassword },
    });
    expect(login.body).toMatchObject({ success: false, code: 'setup_required' });
    const self = await call(t.app, 'GET', '/api/user/self');
    expect(self.body.code).toBe('setup_required');
  });

  it('validates the wizard form in the envelope', async () => {
    const cases = [
      [{ username: 'averyverylongname', password: seedPassword }, 'username_too_long'],
      [{ username: 'root', password: 'short' }, 'password_too_short'],
      [
        { username: 'root', password: seedPassword, confirmPassword: 'different1' },
        'passwords_do_not_match',
      ],
    ] as const;
    for (const [form, code] of cases) {
      const res = await call(t.app, 'POST', '/api/setup', {
        body: { confirmPassword: form.password, ...form },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: false, code });
    }
  });

  it('creates root once, even when two requests race', async () => {
    const form = { username: 'boss', password: seedPassword, confirmPassword: seedPassword };
    const [a, b] = await Promise.all([
      call(t.app, 'POST', '/api/setup', { body: form }),
      call(t.app, 'POST', '/api/setup', { body: { ...form, username: 'boss2' } }),
    ]);
    expect([a.body.success, b.body.success].sort()).toEqual([false, true]);
    expect([a.body.code, b.body.code]).toContain('setup_already_done');
    const roots = await t.ctx.db
      .selectFrom('users')
      .select('username')
      .where('role', '=', Role.root)
      .execute();
    expect(roots).toHaveLength(1);

    const again = await call(t.app, 'POST', '/api/setup', { body: form });
    expect(again.body).toMatchObject({ success: false, code: 'setup_already_done' });
    const state = await call(t.app, 'GET', '/api/setup');
    expect(state.body.data).toMatchObject({ status: true, root_init: true });

    const headers = await signIn(t.app, roots[0].username);
    const self = await call<{ role: number; quota: number }>(t.app, 'GET', '/api/user/self', {
      headers,
    });
    expect(self.body.data?.role).toBe(Role.root);
    // Root starts with a balance to try the gateway with, written through the ledger, once.
    expect(self.body.data?.quota).toBe(100_000_000);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });
});

describe(`headless first run on ${testDb}`, () => {
  it('creates root from INITIAL_ROOT_PASSWORD, once', async () => {
    const t = await createTestApp({ env: { INITIAL_ROOT_PASSWORD: 'headless-pass' } });
    try {
      const state = await call(t.app, 'GET', '/api/setup');
      expect(state.body.data).toMatchObject({ status: true });
      const headers = await signIn(t.app, 'root', 'headless-pass');
      expect(headers.id).toBeTruthy();
      // A second start (another instance) changes nothing.
      const { createInitialRoot } = await import('../../src/domain/users/setup.js');
      await createInitialRoot(t.ctx);
      const roots = await t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('role', '=', Role.root)
        .execute();
      expect(roots).toHaveLength(1);
      const root = await t.ctx.db
        .selectFrom('users')
        .select('quota')
        .where('id', '=', roots[0]!.id)
        .executeTakeFirstOrThrow();
      expect(Number(root.quota)).toBe(100_000_000);
    } finally {
      await t.cleanup();
    }
  });
});
