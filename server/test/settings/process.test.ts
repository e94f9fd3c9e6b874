import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitUntilServing } from '../helpers/server-process.js';
import { testDb, testRedis } from '../helpers/test-context.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'gateway-process-'));

/** Starts the real entry point (`src/main.ts` through tsx) with extra environment. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, SQLITE_PATH: join(dataDir, 'gateway.db'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, stderr: () => stderr };
}

// The child always runs on its own SQLite file, so one matrix cell is enough.
describe.runIf(testDb === 'sqlite' && !testRedis)('the server process', { timeout: 60_000 }, () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    await waitUntilServing(port, server.child);

    // A slow client: headers and half of the body now, the rest after the signal.
    const body = JSON.stringify({ key: 'Notice', value: 'x'.repeat(64) });
    const socket = new Socket();
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise<void>((resolve) => socket.connect(port, '127.0.0.1', resolve));
    socket.write(
      `PUT /api/option/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.child.exitCode).toBeNull();
    expect(answer).toBe('');

    socket.end(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(answer).toContain('"success":false');
    expect(await server.exited).toBe(0);
    expect(server.stderr()).not.toMatch(/error/i);
  });

  it('refuses to start with a bad environment value, saying which and why', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: 'abc' }, 'PORT: must be a port number (0-65535)'],
      [{ SQL_DSN: 'foo://db' }, 'SQL_DSN: must start with postgres://'],
      [{ REDIS_CONN_STRING: 'localhost:6379' }, 'REDIS_CONN_STRING: must start with redis://'],
    ];
    // Started together: each child spends most of its time loading the code.
    const servers = cases.map(([env]) => startServer(env));
    for (const [index, [, complaint]] of cases.entries()) {
      const server = servers[index];
      expect(await server.exited).not.toBe(0);
      expect(server.stderr()).toContain('Invalid configuration');
      expect(server.stderr()).toContain(complaint);
      expect(server.stderr()).not.toMatch(/\n\s+at /);
    }
  });
});
