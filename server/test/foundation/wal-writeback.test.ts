import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { WalWriteback } from '../../src/db/wal-writeback.js';

const openFds = () => readdirSync('/proc/self/fd').length;

describe('WalWriteback', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function walDatabase(): SQLite.Database {
    const dir = mkdtempSync(join(tmpdir(), 'wal-writeback-'));
    dirs.push(dir);
    const raw = new SQLite(join(dir, 'db.sqlite'));
    raw.pragma('journal_mode = WAL');
    raw.exec('create table t (x integer)');
    return raw;
  }

  it('starts only on a database file with a WAL', () => {
    const memory = new SQLite(':memory:');
    expect(WalWriteback.start(memory)).toBeNull();
    memory.close();
    const raw = walDatabase();
    const writeback = WalWriteback.start(raw);
    expect(writeback).not.toBeNull();
    writeback!.close();
    raw.close();
  });

  it('syncs in the background while commits go on, and lets go of its file when closed', async () => {
    const raw = walDatabase();
    const before = openFds();
    const writeback = WalWriteback.start(raw)!;
    expect(openFds()).toBe(before + 1);
    const insert = raw.prepare('insert into t (x) values (?)');
    for (let i = 0; i < 20; i++) {
      insert.run(i);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // Commits every 25 ms: a sync every 200 ms or so.
    expect(writeback.syncs).toBeGreaterThanOrEqual(1);
    writeback.close();
    // A sync in flight closes the file when it returns.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(openFds()).toBe(before);
    expect(raw.prepare('select count(*) from t').pluck().get()).toBe(20);
    raw.close();
  });

  it('does not sync while nothing is committed', async () => {
    const raw = walDatabase();
    const writeback = WalWriteback.start(raw)!;
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await wait(450);
    const idle = writeback.syncs;
    // The table's creation before the start is sent at most once; nothing after it.
    expect(idle).toBeLessThanOrEqual(1);
    await wait(450);
    expect(writeback.syncs).toBe(idle);
    raw.prepare('insert into t (x) values (1)').run();
    await wait(450);
    expect(writeback.syncs).toBe(idle + 1);
    writeback.close();
    raw.close();
  });
});
