import { spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/client.js';
import { mysqlUrlOfGoDsn, openSource } from '../../src/import/source.js';
import { testDb } from '../helpers/test-context.js';
import { hash, type AnyDb } from './legacy-db.js';
import { createOneApiSchema } from './legacy-schemas.js';

describe('source addresses', () => {
  it("reads Go's MySQL DSN as one-api and new-api take it", () => {
    expect(
      mysqlUrlOfGoDsn('root:p@ss@tcp(127.0.0.1:3306)/oneapi?charset=utf8mb4&parseTime=True'),
    ).toBe('mysql://root:p%40ss@127.0.0.1:3306/oneapi');
    expect(mysqlUrlOfGoDsn('user@tcp(db:3306)/newapi')).toBe('mysql://user@db:3306/newapi');
    expect(mysqlUrlOfGoDsn('./one-api.db')).toBeNull();
  });

  it('refuses a file that does not exist and a database without one-api tables', async () => {
    await expect(openSource('/nonexistent/one-api.db')).rejects.toThrow(/No SQLite database/);
  });
});

describe.runIf(testDb === 'sqlite')('npm run import', () => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/gateway-import-${process.pid}`;
  const run = (args: string[]) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/import-main.ts', ...args], {
        env: { ...process.env, SQLITE_PATH: `${dir}/gateway.db` },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
      child.stderr.on('data', (chunk: Buffer) => (out += String(chunk)));
      child.on('exit', (code) => resolve({ code: code ?? 1, out }));
    });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  // Runs the command four times, each a cold Node start that compiles TypeScript: slow on a
  // busy machine.
  it('explains itself, reports a dry run, imports, and imports nothing the second time', async () => {
    await mkdir(dir, { recursive: true });
    const legacy = openDb({
      kind: 'sqlite',
      dsn: '',
      sqlitePath: `${dir}/one-api.db`,
    }) as unknown as AnyDb;
    await createOneApiSchema(legacy);
    await legacy
      .insertInto('users')
      .values({ username: 'erin', password: hash('erin-pass-1'), role: 1, status: 1, quota: 99 })
      .execute();
    await legacy.destroy();

    expect(await run([])).toMatchObject({
      code: 2,
      out: expect.stringMatching(/^Usage: npm run import/),
    });
    const missing = await run(['--from', `${dir}/missing.db`]);
    expect(missing).toMatchObject({ code: 1, out: expect.stringMatching(/No SQLite database at/) });
    const dry = await run(['--from', `${dir}/one-api.db`, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(
      /Dry run: nothing was written\.[\s\S]*Users: 1 in the source, would import 1/,
    );
    const real = await run(['--from', `${dir}/one-api.db`]);
    expect(real.out).toMatch(/Users: 1 in the source, imported 1, already imported 0/);
    const again = await run(['--from', `sqlite://${dir}/one-api.db`]);
    expect(again.out).toMatch(/Users: 1 in the source, imported 0, already imported 1/);
  }, 90_000);
});
