// `npm run bench -- --instances 3`: how throughput grows from one instance to N on PostgreSQL
// and Redis, behind the round-robin balancer of bench/balancer.mjs, against the mock upstream.
// Each instance is the process `npm start` runs. On a machine with few cores the instances,
// the database, Redis, the balancer and the load generator share them, so the figure is a
// ratio for this machine, not a promise.
//
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test) and BENCH_REDIS_URL (default
// redis://127.0.0.1:6379/9) name the services; the run uses a schema of its own and drops it.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { freePort } from './bench-gateway.mjs';
import { serverEnv, serverNodeFlags } from './node-runtime.mjs';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(join(root, 'server/package.json'));
const log = (...x) => console.error('[bench:instances]', ...x);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const most = Number(option('instances', '3'));
const duration = option('duration', '10');
const connections = option('connections', '100');
const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const schema = `bench_${randomBytes(4).toString('hex')}`;

const children = [];
function start(name, argv, env = process.env) {
  const child = spawn(argv[0], argv.slice(1), {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let tail = '';
  child.stderr.on('data', (d) => (tail = (tail + d).slice(-2000)));
  children.push(child);
  child.on('exit', (code) => {
    if (code && code !== 0 && !child.stopping) log(`${name} exited with ${code}: ${tail}`);
  });
  return child;
}
async function stop(child) {
  child.stopping = true;
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
async function waitFor(url, child) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

const pg = require('pg');
async function sql(text, params = []) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

const dsn = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
const instanceEnv = (port) => ({
  ...serverEnv(),
  PORT: String(port),
  HOST: '127.0.0.1',
  SQL_DSN: dsn,
  REDIS_CONN_STRING: redisUrl,
  SESSION_SECRET: 'bench-instances-session-secret-0123',
  INITIAL_ROOT_PASSWORD: randomBytes(9).toString('base64url'),
  LOG_LEVEL: 'error',
  NODE_ENV: 'production',
});
const gatewayArgv = [process.execPath, ...serverNodeFlags, ...(process.env.BENCH_EXTRA_FLAGS ?? "").split(" ").filter(Boolean), join(root, 'server/dist/main.js')];

/** Seeds a funded user, an unlimited key and a channel to the mock; returns the key. */
async function seed(mockPort) {
  const now = Math.floor(Date.now() / 1000);
  const key = randomBytes(36).toString('base64url').replace(/[-_]/g, 'x').slice(0, 48);
  const s = `"${schema}"`;
  const user = await sql(
    `insert into ${s}.users (username, display_name, role, status, quota, "group", created_at)
     values ('bench', 'bench', 1, 1, 900000000000, 'default', $1) returning id`,
    [now],
  );
  await sql(
    `insert into ${s}.tokens (user_id, key, name, status, created_time, expired_time, remain_quota,
       unlimited_quota, model_limits, allow_ips, deny_ips)
     values ($1, $2, 'bench', 1, $3, -1, 0, 1, '', '', '')`,
    [user.rows[0].id, key, now],
  );
  await sql(
    `insert into ${s}.channels (type, key, status, name, base_url, models, "group", model_mapping,
       setting, created_time)
     values (1, 'sk-mock', 1, 'mock', $1, 'gpt-4o-mini', 'default', '{}', '{}', $2)`,
    [`http://127.0.0.1:${mockPort}`, now],
  );
  return `sk-${key}`;
}

/** Runs `count` instances behind the balancer and measures non-stream throughput. */
async function measure(count, key) {
  const ports = [];
  const instances = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    ports.push(port);
    const child = start(`instance ${i + 1}`, gatewayArgv, instanceEnv(port));
    instances.push(child);
    await waitFor(`http://127.0.0.1:${port}/api/status`, child);
  }
  const balancerPort = await freePort();
  const balancer = start('balancer', [
    process.execPath,
    join(root, 'bench/balancer.mjs'),
    '--port',
    String(balancerPort),
    '--to',
    ports.join(','),
  ]);
  await waitFor(`http://127.0.0.1:${balancerPort}/api/status`, balancer);
  log(`${count} instance(s): ${connections} connections for ${duration}s`);
  const out = execFileSync(
    process.execPath,
    [
      join(root, 'bench/load.mjs'),
      ...['--url', `http://127.0.0.1:${balancerPort}/v1`, '--key', key],
      ...['--connections', connections, '--duration', duration, '--warmup', '2'],
      ...['--mode', 'nonstream', '--label', `${count} instance(s)`],
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 },
  );
  await stop(balancer);
  for (const child of instances) await stop(child);
  const report = JSON.parse(out.toString());
  const result = report.results.nonstream;
  return { rps: result.rps, errors: (result.non2xx ?? 0) + (result.errors ?? 0), report };
}

try {
  if (!process.env.BENCH_SKIP_BUILD) {
    log('building the server');
    execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });
  }
  await sql(`create schema "${schema}"`);
  const mockPort = await freePort();
  const mock = start('mock upstream', [
    process.execPath,
    join(root, 'bench/mock-upstream.mjs'),
    '--port',
    String(mockPort),
  ]);
  await sleep(500);
  // The first start migrates the schema and creates root.
  const port = await freePort();
  const first = start('migration', gatewayArgv, instanceEnv(port));
  await waitFor(`http://127.0.0.1:${port}/api/status`, first);
  await stop(first);
  const key = await seed(mockPort);
  const one = await measure(1, key);
  const many = await measure(most, key);
  const ratio = one.rps && many.rps ? Math.round((many.rps / one.rps) * 100) / 100 : null;
  console.log(
    `\nPostgreSQL + Redis, non-stream, ${connections} connections, through a balancer:\n` +
      `  1 instance   ${Math.round(one.rps)} RPS, ${one.errors} errors\n` +
      `  ${most} instances  ${Math.round(many.rps)} RPS, ${many.errors} errors   (${ratio}× one instance)\n`,
  );
  await stop(mock);
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await sql(`drop schema if exists "${schema}" cascade`).catch(() => undefined);
}
