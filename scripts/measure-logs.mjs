// `npm run measure:logs -- --rows 5000000`: the log table at scale. Seeds a fresh SQLite
// database with that many log rows (90 days, 1,000 users, 50 keys, 20 models, mostly consume
// logs) and hourly roll-ups, starts the built server on it, and times what the console asks:
// the log page with each filter, its stats, a CSV export and the dashboard. Prints each
// timing (median of 3) and the query plan's index for the main queries.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, gatewayEnv } from './bench-gateway.mjs';
import { serverNodeFlags } from './node-runtime.mjs';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(join(root, 'server/package.json'));
const Database = require('better-sqlite3');
const log = (...x) => console.error('[measure:logs]', ...x);
const args = process.argv.slice(2);
const rowsArg = args.indexOf('--rows');
const rows = rowsArg === -1 ? 5_000_000 : Number(args[rowsArg + 1]);

const dir = mkdtempSync(join(tmpdir(), 'gateway-logs-'));
const dbPath = join(dir, 'logs.db');
const password = randomBytes(9).toString('base64url');

function startGateway(port) {
  const child = spawn(process.execPath, [...serverNodeFlags, join(root, 'server/dist/main.js')], {
    cwd: root,
    env: { ...gatewayEnv(dbPath, port), INITIAL_ROOT_PASSWORD: password, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** Writes `rows` log rows and their hourly roll-ups in large transactions. */
function seed() {
  const db = new Database(dbPath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const now = Math.floor(Date.now() / 1000);
  const span = 90 * 86_400;
  const models = Array.from({ length: 20 }, (_, i) => `model-${i}`);
  const insert = db.prepare(
    `insert into logs (user_id, created_at, type, content, username, token_id, token_name,
       model_name, quota, prompt_tokens, completion_tokens, use_time, is_stream, channel_id,
       "group", ip, request_id, other)
     values (?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 'default', '', ?, ?)`,
  );
  const addUser = db.prepare(
    `insert into users (id, username, display_name, role, status, quota, "group", created_at)
     values (?, ?, ?, 1, 1, 0, 'default', ?)`,
  );
  db.transaction(() => {
    for (let user = 2; user <= 1000; user++) addUser.run(user, `user${user}`, `user${user}`, now);
  })();
  const rollup = new Map();
  const batch = db.transaction((from, to) => {
    for (let i = from; i < to; i++) {
      const user = 2 + (i % 999);
      const created = now - span + Math.floor((i / rows) * span);
      const type = i % 50 === 0 ? 5 : i % 97 === 0 ? 1 : 2;
      const model = models[i % 20];
      const quota = type === 2 ? 100 + (i % 900) : 0;
      insert.run(
        user,
        created,
        type,
        `user${user}`,
        1 + (i % 50),
        `key-${i % 50}`,
        model,
        quota,
        200 + (i % 500),
        50 + (i % 300),
        800,
        i % 2,
        `req-${i.toString(36)}`,
        '{"model_ratio":1,"group_ratio":1}',
      );
      if (type === 2) {
        const hour = created - (created % 3600);
        const key = `${user}|${model}|${hour}`;
        const r = rollup.get(key) ?? { user, model, hour, count: 0, quota: 0, tokens: 0 };
        r.count++;
        r.quota += quota;
        r.tokens += 250 + (i % 800);
        rollup.set(key, r);
      }
    }
  });
  const started = Date.now();
  for (let i = 0; i < rows; i += 100_000) {
    batch(i, Math.min(rows, i + 100_000));
    if (i % 1_000_000 === 0) log(`${i.toLocaleString()} rows`);
  }
  const addRollup = db.prepare(
    `insert into quota_data (user_id, username, model_name, created_at, token_used, count, quota)
     values (?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const r of rollup.values()) {
      addRollup.run(r.user, `user${r.user}`, r.model, r.hour, r.tokens, r.count, r.quota);
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  log(
    `${rows.toLocaleString()} rows and ${rollup.size.toLocaleString()} roll-ups in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  db.close();
}

/** The index SQLite picks for each of the log page's main queries. */
function plans() {
  const db = new Database(dbPath, { readonly: true });
  const plan = (sql) =>
    db
      .prepare(`explain query plan ${sql}`)
      .all()
      .map((r) => r.detail)
      .join('; ');
  const out = {
    'page (all)': plan('select * from logs order by created_at desc, id desc limit 10'),
    'page (type)': plan(
      'select * from logs where type = 2 order by created_at desc, id desc limit 10',
    ),
    'page (user)': plan(
      'select * from logs where user_id = 5 order by created_at desc, id desc limit 10',
    ),
    'page (model)': plan(
      `select * from logs where model_name = 'model-3' order by created_at desc, id desc limit 10`,
    ),
    'page (last day)': plan(
      'select * from logs where created_at >= 1 order by created_at desc, id desc limit 10',
    ),
    'stat (user, day)': plan(
      'select sum(quota) from logs where type = 2 and user_id = 5 and created_at >= 1',
    ),
  };
  db.close();
  return out;
}

async function main() {
  execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });
  // The first start migrates the fresh database and creates root.
  const port = await freePort();
  let gateway = startGateway(port);
  await waitFor(`http://127.0.0.1:${port}/api/status`);
  gateway.kill('SIGTERM');
  await new Promise((resolve) => gateway.once('exit', resolve));
  seed();
  gateway = startGateway(port);
  await waitFor(`http://127.0.0.1:${port}/api/status`);
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password }),
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const { data } = await login.json();
  const headers = { cookie, 'new-api-user': String(data.id) };
  const now = Math.floor(Date.now() / 1000);
  const day = now - 86_400;
  const week = now - 7 * 86_400;
  const calls = [
    ['log page, no filter', '/api/log/?p=1&page_size=10'],
    ['log page, consume only', '/api/log/?p=1&page_size=10&type=2'],
    ['log page, one user', '/api/log/?p=1&page_size=10&username=user5'],
    ['log page, one model', '/api/log/?p=1&page_size=10&model_name=model-3'],
    ['log page, one key', '/api/log/?p=1&page_size=10&token_name=key-7'],
    ['log page, last day', `/api/log/?p=1&page_size=10&start_timestamp=${day}`],
    ['log page, page 1000', '/api/log/?p=1000&page_size=10'],
    ['log stats, last day', `/api/log/stat?type=2&start_timestamp=${day}`],
    ['log stats, one user, week', `/api/log/stat?type=2&username=user5&start_timestamp=${week}`],
    ['CSV export, one user, week', `/api/log/export?username=user5&start_timestamp=${week}`],
    ['dashboard, week', `/api/data/?start_timestamp=${week}&end_timestamp=${now}`],
  ];
  const results = [];
  for (const [name, path] of calls) {
    const times = [];
    let status = 0;
    let bytes = 0;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { headers });
      const body = await res.arrayBuffer();
      times.push(performance.now() - t0);
      status = res.status;
      bytes = body.byteLength;
    }
    times.sort((a, b) => a - b);
    results.push({ name, ms: Math.round(times[1]), status, bytes });
  }
  gateway.kill('SIGTERM');
  await new Promise((resolve) => gateway.once('exit', resolve));
  console.log(`\nLogs at ${rows.toLocaleString()} rows (SQLite), median of 3 calls:`);
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(30)} ${String(r.ms).padStart(6)} ms   ${r.status}  ${r.bytes} bytes`,
    );
  }
  console.log('\nQuery plans:');
  for (const [name, detail] of Object.entries(plans()))
    console.log(`  ${name.padEnd(18)} ${detail}`);
}

try {
  await main();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
