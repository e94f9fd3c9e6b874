import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteHandleOf } from '../../src/db/client.js';
import { systemName } from '../../src/config/settings/groups/general.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';

describe(`foundation on ${testDb}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.cleanup());

  it('runs the migrations and stores big quotas exactly', async () => {
    const { db } = t.ctx;
    await db.insertInto('users').values({ username: 'big', quota: 9_000_000_000_123 }).execute();
    const row = await db
      .selectFrom('users')
      .select(['quota', 'group'])
      .where('username', '=', 'big')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ quota: 9_000_000_000_123, group: 'default' });
  });

  it.runIf(testDb === 'sqlite')(
    'keeps SQLite temporary data in memory, never in temp files',
    () => {
      const raw = sqliteHandleOf(t.ctx.db)!;
      expect(raw.pragma('temp_store', { simple: true })).toBe(2);
      expect(raw.pragma('journal_mode', { simple: true })).toMatch(/wal|memory/);
    },
  );

  it('keeps settings typed and writes them through', async () => {
    expect(t.ctx.settings.get(systemName)).toBe('API');
    await t.ctx.settings.set('SystemName', 'Gateway');
    await t.ctx.settings.set('SystemName', 'Gateway 2');
    expect(t.ctx.settings.get(systemName)).toBe('Gateway 2');
    const stored = await t.ctx.db.selectFrom('options').selectAll().execute();
    expect(stored).toEqual([{ key: 'SystemName', value: 'Gateway 2' }]);
  });

  it('answers unknown API paths with a 404 error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toContain('Invalid URL (GET /v1/nothing-here)');
    expect(res.headers['x-oneapi-request-id']).toBeTruthy();
  });
});
