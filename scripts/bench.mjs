// `npm run bench`: measures what the gateway adds on top of its upstream, with billing and
// logging on, on a fresh SQLite database. It builds the server, seeds a root account, a user
// with a balance, a key and a channel pointing at the mock upstream, then runs the harness in
// bench/ (mock measured directly, then through the gateway, in one run) and prints the figures
// against the targets of issue 3. Extra arguments go to bench/compare.mjs (e.g. --rounds 2).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverEnv, serverNodeFlags } from './node-runtime.mjs';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(join(root, 'server/package.json'));
const targets = { nonstreamRps: 6000, streamRps: 5000, addedP50: 0.5, firstByte: 1, rssMb: 150 };
const log = (...x) => console.error('[bench]', ...x);

/** A TCP port nothing listens on right now. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const mockPort = Number(process.env.BENCH_MOCK_PORT ?? (await freePort()));
/** Node flags of the measured gateway: those of `npm start` unless BENCH_NODE_FLAGS says. */
const nodeFlags = process.env.BENCH_NODE_FLAGS ?? serverNodeFlags.join(' ');
const dir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
const dbPath = join(dir, 'bench.db');
const env = {
  ...serverEnv(),
  PORT: String(port),
  HOST: '127.0.0.1',
  SQLITE_PATH: dbPath,
  SQL_DSN: '',
  REDIS_CONN_STRING: '',
  INITIAL_ROOT_PASSWORD: process.env.BENCH_ROOT_PASSWORD ?? randomBytes(9).toString('base64url'),
  NODE_ENV: 'production',
};

function build() {
  log('building the server');
  execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });
}

/** Starts the gateway once so that it migrates the fresh database and creates root. */
async function migrate() {
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
      const res = await fetch(`http://127.0.0.1:${port}/api/status`).catch(() => null);
      if (res?.ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the gateway did not start (is the build up to date?)');
  } finally {
    if (alive) child.kill('SIGTERM');
    await exited;
  }
}

/** Seeds a user with $1000, an unlimited key and a channel to the mock; returns the key. */
function seed() {
  const Database = require('better-sqlite3');
  const db = new Database(dbPath);
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

function compare(key) {
  const args = [
    join(root, 'bench/compare.mjs'),
    ...['--gateway-label', 'gateway', '--gateway-url', `http://127.0.0.1:${port}/v1`],
    ...['--gateway-ready', `http://127.0.0.1:${port}/api/status`],
    ...['--gateway-cmd', `${process.execPath} ${nodeFlags} ${join(root, 'server/dist/main.js')}`],
    ...['--mock-port', String(mockPort), '--key', key, '--pin', 'auto', '--probe', '200'],
    ...process.argv.slice(2),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`compare.mjs exited with ${code}`));
      else resolve(JSON.parse(out));
    });
  });
}

function report({ summary, gateway_process: proc }) {
  const ns = summary.nonstream;
  const st = summary.stream;
  const errors = (ns?.gateway?.errors ?? 0) + (st?.gateway?.errors ?? 0);
  const rows = [
    [
      'non-stream RPS (50 connections)',
      ns?.gateway?.rps,
      `>= ${targets.nonstreamRps}`,
      (v) => v >= targets.nonstreamRps,
    ],
    [
      'stream RPS (50 connections)',
      st?.gateway?.rps,
      `>= ${targets.streamRps}`,
      (v) => v >= targets.streamRps,
    ],
    ['added latency p50 under load, ms', ns?.added_ms?.p50, 'info'],
    ['added latency p99 under load, ms', ns?.added_ms?.p99, 'info'],
    [
      'added p50 unloaded (non-stream), ms',
      ns?.probe_unloaded?.added_total_p50_ms,
      `<= ${targets.addedP50}`,
      (v) => v <= targets.addedP50,
    ],
    ['added p99 unloaded (non-stream), ms', ns?.probe_unloaded?.added_total_p99_ms, 'info'],
    [
      'stream first byte added, ms',
      st?.probe_unloaded?.added_ttfb_p50_ms,
      `<= ${targets.firstByte}`,
      (v) => v <= targets.firstByte,
    ],
    [
      'peak RSS under load, MB',
      proc?.rss_peak_under_load_mb,
      `<= ${targets.rssMb}`,
      (v) => v <= targets.rssMb,
    ],
    ['errors (non-2xx, failed checks)', errors, '0', (v) => v === 0],
  ];
  console.log('\nGateway benchmark (one gateway core, SQLite, billing and logs on)');
  let passed = true;
  for (const [name, value, target, check] of rows) {
    const ok = check ? value !== undefined && value !== null && check(value) : null;
    if (ok === false) passed = false;
    const mark = ok === null ? '    ' : ok ? 'PASS' : 'FAIL';
    console.log(
      `  ${mark}  ${name.padEnd(38)} ${String(value ?? 'n/a').padStart(10)}   target ${target}`,
    );
  }
  if (proc)
    console.log(`        CPU per request (upper bound): ${proc.cpu_us_per_request_upper_bound} µs`);
  return passed;
}

try {
  if (!process.env.BENCH_SKIP_BUILD) build();
  await migrate();
  const key = seed();
  log(`database ${dbPath} seeded; running the harness (gateway :${port}, mock :${mockPort})`);
  process.exitCode = report(await compare(key)) ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
