import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../helpers/ledger-audit.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { importFrom, legacyDatabase, type Legacy } from './legacy-db.js';
import { createOneApiSchema } from './legacy-schemas.js';
import { seedOneApi } from './one-api-seed.js';

describe(`import from one-api on ${testDb}`, () => {
  let t: TestApp;
  let legacy: Legacy;

  beforeAll(async () => {
    t = await createTestApp();
    legacy = await legacyDatabase();
    await createOneApiSchema(legacy.db);
    await seedOneApi(legacy.db);
  });

  afterAll(async () => {
    await legacy?.drop();
    await t?.cleanup();
  });

  it('maps one-api channel types and times, and a second root becomes an administrator', async () => {
    // The gateway was set up before the import: the one-api root comes in as an administrator.
    await t.ctx.db.insertInto('users').values({ username: 'admin', role: 100 }).execute();
    const report = await importFrom(t, legacy.from, false);
    expect(report.flavor).toBe('one-api');
    expect(report.users.notes.join('\n')).toMatch(
      /#1 root: a second root, imported as an administrator/,
    );
    const channels = await t.ctx.db
      .selectFrom('channels')
      .select(['name', 'type', 'status', 'base_url'])
      .orderBy('id')
      .execute();
    expect(channels).toEqual([
      { name: 'deepseek', type: 43, status: 1, base_url: '' },
      { name: 'groq', type: 1, status: 1, base_url: 'https://api.groq.com/openai' },
      { name: 'deepl', type: 8, status: 2, base_url: '' },
    ]);
    const dave = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'dave')
      .executeTakeFirstOrThrow();
    const root = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'root')
      .executeTakeFirstOrThrow();
    expect(dave).toMatchObject({ status: 2, quota: 7, inviter_id: root.id });
    expect(root.role).toBe(10);
    const log = await t.ctx.db.selectFrom('logs').selectAll().executeTakeFirstOrThrow();
    expect(log).toMatchObject({ user_id: dave.id, use_time: 1234, token_id: 0 });
    const code = await t.ctx.db.selectFrom('redemptions').select('key').executeTakeFirstOrThrow();
    expect(code.key).toBe('f'.repeat(32));
    expect(await auditLedger(t.ctx)).toEqual([]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'root', password: 'one-api-root' },
    });
    expect(login.json()).toMatchObject({ success: true });
  });
});
