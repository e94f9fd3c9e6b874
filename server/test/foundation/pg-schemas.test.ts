import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDb } from '../../src/db/client.js';
import {
  createIsolatedDb,
  createTestContext,
  testDb,
  type IsolatedDb,
  type TestContext,
} from '../helpers/test-context.js';

/**
 * Several gateways (or test runs) in one PostgreSQL database, each in its own schema: each sees
 * only its own tables, and one schema being dropped does not disturb another's start-up.
 */
describe.runIf(testDb === 'postgres')('PostgreSQL schemas side by side', () => {
  let t: TestContext;
  let other: IsolatedDb;

  beforeAll(async () => {
    t = await createTestContext();
    other = await createIsolatedDb();
    const db = openDb({
      kind: 'postgres',
      dsn: other.env.SQL_DSN!,
      sqlitePath: '',
      pgSchema: other.pgSchema,
    });
    await sql`create table only_elsewhere (id serial primary key, note text)`.execute(db);
    await db.destroy();
  });
  afterAll(async () => {
    await t?.cleanup();
    await other?.drop();
  });

  it('introspects the current schema only', async () => {
    const tables = await t.ctx.db.introspection.getTables();
    const names = tables.map((table) => table.name);
    expect(names).toContain('users');
    expect(names).not.toContain('only_elsewhere');
    expect(names).not.toContain('kysely_migration');
    const users = tables.find((table) => table.name === 'users')!;
    const current = await sql<{ s: string }>`select current_schema() as s`.execute(t.ctx.db);
    expect(users.schema).toBe(current.rows[0]?.s);
    expect(users.columns.find((c) => c.name === 'id')).toMatchObject({ isAutoIncrementing: true });
    expect(users.columns.find((c) => c.name === 'quota')).toMatchObject({
      isAutoIncrementing: false,
      isNullable: false,
    });
  });

  it('migrates while other schemas are created and dropped', async () => {
    // Kysely's own introspection read every schema's tables by name and failed with
    // "schema … does not exist" when one was dropped during its query.
    const churn = (async () => {
      for (let i = 0; i < 6; i++) {
        const isolated = await createIsolatedDb();
        const db = openDb({
          kind: 'postgres',
          dsn: isolated.env.SQL_DSN!,
          sqlitePath: '',
          pgSchema: isolated.pgSchema,
        });
        await migrateToLatest(db);
        await db.destroy();
        await isolated.drop();
      }
    })();
    for (let i = 0; i < 6; i++) await migrateToLatest(t.ctx.db);
    await churn;
  });
});
