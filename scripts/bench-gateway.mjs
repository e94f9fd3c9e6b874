// The gateway as the benches run it: the server built, a fresh SQLite database migrated and
// seeded with a root account, a user with $1000, an unlimited key and a channel to the mock
// upstream. Used by `npm run bench` (scripts/bench.mjs) and its `--instructions` mode.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { serverEnv } from './node-runtime.mjs';

export const root = new URL('..', import.meta.url).pathname;
const require = createRequire(join(root, 'server/package.json'));

/** A TCP port nothing listens on right now. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Builds the server bundle the benches run (`server/dist/main.js`). */
export function buildServer(log) {
  log('building the server');
  execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });
}

/** The environment of a gateway on `dbPath`, listening on `port`. */
export function gatewayEnv(dbPath, port) {
  return {
    ...serverEnv(),
    PORT: String(port),
    HOST: '127.0.0.1',
    SQLITE_PATH: dbPath,
    SQL_DSN: '',
    REDIS_CONN_STRING: '',
    INITIAL_ROOT_PASSWORD: process.env.BENCH_ROOT_PASSWORD ?? randomBytes(9).toString('base64url'),
    NODE_ENV: 'production',
  };
}

/** Starts the gateway once so that it migrates the fresh database and creates root. */
async function migrate(env) {
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let alive = true;
  void exited.then(() => (alive = false));
  try {
    for (let i = 0; i < 300 && alive; i++) {
      const res = await fetch(`http://127.0.0.1:${env.PORT}/api/status`).catch(() => null);
      if (res?.ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the gateway did not start (is the build up to date?)');
  } finally {
    if (alive) child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Migrates a fresh database at `dbPath` and seeds a user with $1000, an unlimited key and a
 * channel to the mock on `mockPort`; returns the key.
 */
export async function seedGateway(env, mockPort) {
  await migrate(env);
  const Database = require('better-sqlite3');
  const db = new Database(env.SQLITE_PATH);
  const now = Math.floor(Date.now() / 1000);
  const key = randomBytes(36).toString('base64url').replace(/[-_]/g, 'x').slice(0, 48);
  const user = db
    .prepare(
      `insert into users (username, display_name, role, status, quota, "group", created_at)
       values ('bench', 'bench', 1, 1, 500000000, 'default', ?)`,
    )
    .run(now).lastInsertRowid;
  db.prepare(
    `insert into tokens (user_id, key, name, status, created_time, expired_time, remain_quota,
       unlimited_quota, model_limits, allow_ips, deny_ips)
     values (?, ?, 'bench', 1, ?, -1, 0, 1, '', '', '')`,
  ).run(user, key, now);
  db.prepare(
    `insert into channels (type, key, status, name, base_url, models, "group", model_mapping,
       setting, created_time)
     values (1, 'sk-mock', 1, 'mock', ?, 'gpt-4o-mini', 'default', '{}', '{}', ?)`,
  ).run(`http://127.0.0.1:${mockPort}`, now);
  db.close();
  return `sk-${key}`;
}

/**
 * Turns on the operator controls for the key and channel of `seedGateway` (caps high enough
 * never to refuse, a monthly budget that never runs out), so that the next run measures what
 * checking them costs on every request.
 */
export function enableControls(dbPath) {
  const Database = require('better-sqlite3');
  const db = new Database(dbPath);
  db.prepare('update channels set max_concurrency = 100000, max_rpm = 100000000').run();
  db.prepare(
    `update tokens set max_parallel = 100000, tpm_limit = 1000000000, budget_period = 'month',
       budget_quota = 9000000000000`,
  ).run();
  db.close();
}
