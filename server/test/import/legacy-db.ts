// Helpers of the import tests: a source database (one-api or new-api tables on the engine under
// test), values as its programs stored them, an import into a test app, and what it wrote.
import bcrypt from 'bcryptjs';
import type { Kysely } from 'kysely';
import { openDb } from '../../src/db/client.js';
import type { ImportReport } from '../../src/import/report.js';
import { runImport } from '../../src/import/run-import.js';
import { openSource, type Source } from '../../src/import/source.js';
import {
  createIsolatedDb,
  testDb,
  type IsolatedDb,
  type TestApp,
} from '../helpers/test-context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- another program's schema
export type AnyDb = Kysely<any>;

/** A one-api or new-api database on the engine under test, and the address to import it from. */
export interface Legacy {
  db: AnyDb;
  from: string;
  drop(): Promise<void>;
}

export async function legacyDatabase(): Promise<Legacy> {
  const isolated: IsolatedDb = await createIsolatedDb();
  const db = openDb({
    kind: testDb,
    dsn: isolated.env.SQL_DSN ?? '',
    sqlitePath: isolated.env.SQLITE_PATH ?? '',
    pgSchema: isolated.pgSchema,
  }) as unknown as AnyDb;
  const from =
    testDb === 'postgres'
      ? `${isolated.env.SQL_DSN}?options=${encodeURIComponent(`-c search_path=${isolated.name}`)}`
      : testDb === 'mysql'
        ? (isolated.env.SQL_DSN ?? '')
        : (isolated.env.SQLITE_PATH ?? '');
  return {
    db,
    from,
    drop: async () => {
      await db.destroy();
      await isolated.drop();
    },
  };
}

export const hash = (password: string) => bcrypt.hashSync(password, 4);
/** A GORM `bool` as the engine stores it (SQLite has no boolean type). */
export const bool = (value: boolean) => (testDb === 'sqlite' ? Number(value) : value);
export const key48 = (c: string) => c.repeat(48);
export const now = Math.floor(Date.now() / 1000);

/** Counts of what an import may write, to prove a dry run and a re-run write nothing. */
export async function footprint(t: TestApp) {
  const count = async (
    table:
      | 'users'
      | 'tokens'
      | 'channels'
      | 'redemptions'
      | 'orders'
      | 'logs'
      | 'ledger_entries'
      | 'options'
      | 'quota_data',
  ) => {
    const row = await t.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const tables = [
    'users',
    'tokens',
    'channels',
    'redemptions',
    'orders',
    'logs',
    'ledger_entries',
    'options',
    'quota_data',
  ] as const;
  return Object.fromEntries(
    await Promise.all(tables.map(async (name) => [name, await count(name)])),
  );
}

export async function importFrom(t: TestApp, from: string, dryRun: boolean): Promise<ImportReport> {
  const source: Source = await openSource(from);
  try {
    const report = await runImport(t.ctx.db, source, {
      dryRun,
      servedTypes: new Set(t.ctx.upstream.servedTypes().map((s) => s.type)),
      settings: t.ctx.settings,
    });
    await t.ctx.channels.refresh();
    await t.ctx.users.invalidateAll();
    return report;
  } finally {
    await source.close();
  }
}
