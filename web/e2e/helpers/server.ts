import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

/** A running gateway on a private SQLite file. */
export interface TestServer {
  url: string;
  /** Its SQLite file, for what a test sets behind the API's back. */
  dbPath: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** How to start the server: the bundle the global setup built, else the sources through tsx. */
function command(): [string, string[]] {
  const bundle = process.env.E2E_SERVER_BUNDLE;
  if (bundle) return [process.execPath, [bundle]];
  return [join(repo, 'node_modules/.bin/tsx'), [join(repo, 'server/src/main.ts')]];
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/api/status`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start within 60 s:\n${output()}`);
}

/** A started server process and its address. */
interface Launched {
  child: ChildProcess;
  url: string;
}

/**
 * Starts the server on a port that was free a moment ago. Another process may take that port
 * in between: a start that fails with EADDRINUSE is tried again on another port.
 */
async function launch(env: NodeJS.ProcessEnv, attempts = 3): Promise<Launched> {
  const [bin, args] = command();
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    let log = '';
    const child = spawn(bin, args, {
      cwd: repo,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitUntilUp(url, child, () => log);
      return { child, url };
    } catch (error) {
      if (attempt >= attempts || !log.includes('EADDRINUSE')) throw error;
    }
  }
}

/** Starts the server with a fresh database and the built console; `env` adds variables. */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-e2e-'));
  const dbPath = env.SQLITE_PATH ?? join(dir, 'gateway.db');
  const { child, url } = await launch({
    ...process.env,
    SQLITE_PATH: dbPath,
    WEB_DIST: process.env.E2E_WEB_DIST ?? join(repo, 'web/dist'),
    LOG_LEVEL: 'warn',
    SQL_DSN: '',
    REDIS_CONN_STRING: '',
    REDIS_URL: '',
    ...env,
  });
  return {
    url,
    dbPath,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
