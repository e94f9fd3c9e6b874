// `npm run bench -- --instances N`: where a relayed request's time goes on each storage engine,
// and how throughput grows from one instance to N. With one build and one mock upstream
// (bench/mock-upstream.mjs) it measures, through the round-robin balancer of
// bench/balancer.mjs and with the load of bench/load.mjs:
//   engines     SQLite (embedded, no Redis, one instance: the reference), PostgreSQL + Redis,
//               MySQL + Redis, each on a fresh database (scripts/bench-engines.mjs);
//   instances   1 and N for the shared engines;
//   keys        one hot key (one user) and one key for each of --users users, round-robin;
//   modes       non-stream and stream.
// For each it prints the throughput, the latency, the throughput against SQLite's (same keys
// and mode) and against one instance's, and, read from every instance's /metrics right before
// and after the measured window and divided by the requests answered: SQL statements,
// transactions, database and pool wait, Redis round trips and wait, and the instances' CPU.
// Waits are summed over statements in flight together, so under load they exceed wall time.
// Each instance is the process `npm start` runs. On a machine with few cores the instances,
// the database, Redis, the balancer, the mock and the load generator share them, so the
// figures are ratios for this machine, not promises.
//
// Options: --instances N (3), --engines sqlite,postgres,mysql, --connections 50, --duration 8,
// --warmup 2, --users 40, --keys hot,spread, --modes nonstream,stream, --latency MS (0: a delay
// of MS on every chunk each way between the instances and both the database and Redis, through
// bench/delay-proxy.mjs), --rounds R (2: the engines measured R times, every other round in
// reverse order, ratios taken within a round and averaged), --json (the raw results on stdout,
// the table on stderr). BENCH_INSTANCE_FLAGS adds Node flags to the instances.
// BENCH_PG_URL, BENCH_MYSQL_URL and BENCH_REDIS_URL name the services; BENCH_SKIP_BUILD=1 uses
// the current build.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { killAll, start, stop, waitFor } from './bench-children.mjs';
import { engines } from './bench-engines.mjs';
import { buildServer, freePort, root } from './bench-gateway.mjs';
import { printTable } from './bench-table.mjs';
import { serverNodeFlags } from './node-runtime.mjs';

const log = (...x) => console.error('[bench:instances]', ...x);

const { values: o } = parseArgs({
  args: process.argv.slice(2),
  options: {
    instances: { type: 'string', default: '3' },
    engines: { type: 'string', default: 'sqlite,postgres,mysql' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    users: { type: 'string', default: '40' },
    keys: { type: 'string', default: 'hot,spread' },
    modes: { type: 'string', default: 'nonstream,stream' },
    latency: { type: 'string', default: '0' },
    rounds: { type: 'string', default: '2' },
    json: { type: 'boolean', default: false },
  },
});
const most = Math.max(1, Number(o.instances));
/**
 * Rounds over the engines, every other one in reverse order: a shared machine's speed drifts
 * by tens of percent within minutes, so each ratio to SQLite is taken within a round and the
 * rounds' ratios are averaged.
 */
const rounds = Math.max(1, Number(o.rounds));
const users = Math.max(1, Number(o.users));
const latencyMs = Number(o.latency);
const engineNames = o.engines.split(',').filter(Boolean);
const keySetups = o.keys.split(',').filter(Boolean);
const modes = o.modes.split(',').filter(Boolean);
for (const name of engineNames) if (!engines[name]) throw new Error(`unknown engine ${name}`);

/** BENCH_INSTANCE_FLAGS adds Node flags to the instances (a profiler's, say: `--cpu-prof`). */
const extraFlags = (process.env.BENCH_INSTANCE_FLAGS ?? '').split(' ').filter(Boolean);
const gatewayArgv = [
  process.execPath,
  ...serverNodeFlags,
  ...extraFlags,
  join(root, 'server/dist/main.js'),
];

/** Starts the gateway once on a fresh database: it migrates the schema and creates root. */
async function migrate(engine) {
  const port = await freePort();
  const child = start(`${engine.name} migration`, gatewayArgv, {
    cwd: root,
    env: engine.env(port),
  });
  await waitFor(`http://127.0.0.1:${port}/api/status`, child);
  await stop(child);
}

/** Starts `count` instances and the balancer in front of them. */
async function startInstances(engine, count) {
  const ports = [];
  const children = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const env = engine.env(port);
    children.push(start(`${engine.name} instance ${i + 1}`, gatewayArgv, { cwd: root, env }));
    ports.push(port);
  }
  await Promise.all(
    ports.map((port, i) => waitFor(`http://127.0.0.1:${port}/api/status`, children[i])),
  );
  const balancerPort = await freePort();
  const balancer = start(
    'balancer',
    [
      process.execPath,
      join(root, 'bench/balancer.mjs'),
      '--port',
      String(balancerPort),
      '--to',
      ports.join(','),
    ],
    { cwd: root },
  );
  await waitFor(`http://127.0.0.1:${balancerPort}/api/status`, balancer);
  return { ports, balancerPort, children: [balancer, ...children] };
}

/** Runs bench/load.mjs (not blocking this process, which may run the delay proxies). */
function runLoad(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'bench/load.mjs'), ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load.mjs exited with ${code}`)),
    );
  });
}

/** One line of the table: a load result and what the instances' counters grew by, per request. */
function rowOf(engine, instances, setup, mode, result) {
  const requests = result.requests_2xx || 0;
  const m = result.metrics ?? {};
  const per = (name, scale = 1) =>
    requests && m[name] !== undefined ? (m[name] * scale) / requests : null;
  return {
    engine: engine.name,
    label: engine.shared ? `${engine.label} + Redis` : engine.label,
    instances,
    keys: setup,
    mode,
    rps: result.rps,
    mean: result.latency_ms?.mean,
    p50: result.latency_ms?.p50,
    p99: result.latency_ms?.p99,
    errors: (result.non2xx ?? 0) + (result.errors ?? 0) + (result.timeouts ?? 0),
    perRequest: {
      statements: per('gateway_db_statements_total'),
      dbRoundTrips: per('gateway_db_round_trips_total'),
      transactions: per('gateway_db_transactions_total'),
      dbWaitMs: per('gateway_db_wait_seconds_total', 1000),
      poolWaitMs: per('gateway_db_pool_wait_seconds_total', 1000),
      redisRoundTrips: per('gateway_redis_round_trips_total'),
      redisWaitMs: per('gateway_redis_wait_seconds_total', 1000),
      cpuMs: per('process_cpu_seconds_total', 1000),
    },
    load: result,
  };
}

/** Measures one engine: every instance count, key setup and mode. */
async function measureEngine(engine, mockPort, rows, round) {
  await migrate(engine);
  const keys = await engine.seed(mockPort, users);
  const counts = engine.shared ? [...new Set([1, most])] : [1];
  for (const count of counts) {
    const group = await startInstances(engine, count);
    try {
      for (const setup of keySetups) {
        const label = `${engine.name} ×${count} ${setup}`;
        log(`${label}: ${o.connections} connections, ${o.duration} s per mode`);
        const report = await runLoad([
          ...['--url', `http://127.0.0.1:${group.balancerPort}/v1`],
          ...['--keys', keys[setup].join(','), '--mode', modes.join(','), '--label', label],
          ...['--connections', o.connections, '--duration', o.duration, '--warmup', o.warmup],
          ...['--metrics', group.ports.map((p) => `http://127.0.0.1:${p}/metrics`).join(',')],
        ]);
        for (const mode of modes) {
          const row = { ...rowOf(engine, count, setup, mode, report.results[mode]), round };
          rows.push(row);
          if (row.errors > 0) {
            const { status_codes: codes, errors, timeouts } = row.load;
            log(
              `${label} ${mode}: statuses ${JSON.stringify(codes)}, ${errors} socket errors, ${timeouts} timeouts`,
            );
          }
        }
      }
    } finally {
      for (const child of group.children) await stop(child);
    }
  }
}

const rows = [];
const open = new Set();
/** Stops every process, then removes every database made (even after a failure). */
async function cleanUp() {
  await killAll();
  for (const engine of open) await engine.close().catch((error) => log('clean-up:', error));
  open.clear();
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(code)));
}

try {
  if (!process.env.BENCH_SKIP_BUILD) buildServer(log);
  const mockPort = await freePort();
  const mockArgv = [
    process.execPath,
    join(root, 'bench/mock-upstream.mjs'),
    '--port',
    String(mockPort),
  ];
  const mock = start('mock upstream', mockArgv, { cwd: root });
  await waitFor(`http://127.0.0.1:${mockPort}/v1/models`, mock);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? engineNames : [...engineNames].reverse();
    for (const name of order) await measureRound(name, mockPort, round);
  }
  await stop(mock);
} finally {
  await cleanUp();
}

/** Measures one engine in one round on a database of its own, removed afterwards. */
async function measureRound(name, mockPort, round) {
  let engine;
  try {
    engine = await engines[name](latencyMs);
    open.add(engine);
    await measureEngine(engine, mockPort, rows, round);
  } catch (error) {
    // The other engines are still measured; the run fails at the end.
    log(`${name} failed:`, error);
    process.exitCode = 1;
  } finally {
    if (engine) {
      open.delete(engine);
      await engine.close().catch((error) => log('clean-up:', error));
    }
  }
}

printTable(rows, {
  out: o.json ? process.stderr : process.stdout,
  title:
    `${o.connections} connections, ${o.duration} s per run, ${rounds} round(s), through the balancer` +
    (latencyMs ? `; +${latencyMs} ms each way to the database and Redis` : ''),
  users,
});
if (o.json) {
  const options = { ...o, latencyMs };
  process.stdout.write(`${JSON.stringify({ options, rows }, null, 2)}\n`);
}
