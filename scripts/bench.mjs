// `npm run bench`: measures what the gateway adds on top of its upstream, with billing and
// logging on, on a fresh SQLite database. It builds the server, seeds a root account, a user
// with a balance, a key and a channel pointing at the mock upstream, then runs the harness in
// bench/ against the bare relay of bench/limit-proxy.mjs (the practical limit of Node on this
// machine) and against the gateway, in pairs of runs back to back (BENCH_PAIRS, 2 by default:
// bare then gateway, gateway then bare), and prints the gateway's figures as ratios to the bare
// relay's taken within each pair, since absolute figures move from machine to machine (and on
// a shared VM from minute to minute). The unloaded figures are then measured with both relays
// running side by side (scripts/bench-unloaded.mjs). Extra arguments go to bench/compare.mjs.
// A last run turns on admission caps and a budget for the same key and channel and prints what
// they cost (BENCH_CONTROLS=0 skips it). The seeded gateway is scripts/bench-gateway.mjs;
// `--instances N` and `--instructions` are the modes of scripts/bench-instances.mjs and
// scripts/bench-instructions.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildServer,
  enableControls,
  freePort,
  gatewayEnv,
  root,
  seedGateway,
} from './bench-gateway.mjs';
import { measureUnloaded } from './bench-unloaded.mjs';
import { serverNodeFlags } from './node-runtime.mjs';

// `--instances N`: SQLite, PostgreSQL + Redis and MySQL + Redis side by side, one instance
// against N, with the I/O per request each instance counted.
if (process.argv.includes('--instances')) {
  await import('./bench-instances.mjs');
  process.exit(process.exitCode ?? 0);
}
// `--instructions`: instructions per request under callgrind, gateway against bare relay.
if (process.argv.includes('--instructions')) {
  await import('./bench-instructions.mjs');
  process.exit(process.exitCode ?? 0);
}

const log = (...x) => console.error('[bench]', ...x);

const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const mockPort = Number(process.env.BENCH_MOCK_PORT ?? (await freePort()));
/** Node flags of the measured gateway: those of `npm start` unless BENCH_NODE_FLAGS says. */
const nodeFlags = process.env.BENCH_NODE_FLAGS ?? serverNodeFlags.join(' ');
/** Pairs of runs (bare relay and gateway) whose ratios are averaged. */
const pairCount = Math.max(1, Number(process.env.BENCH_PAIRS ?? 2));
const dir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
const dbPath = join(dir, 'bench.db');
const env = gatewayEnv(dbPath, port);

/** Runs the harness against one relay; resolves with its JSON report. */
function compare(relayArgs) {
  const args = [
    join(root, 'bench/compare.mjs'),
    ...relayArgs,
    ...['--pin', 'auto', '--probe', '200'],
    ...process.argv.slice(2),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...env, LIMIT_DB: join(dir, 'limit.db') },
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

/** The gateway, built and seeded, in front of the mock. */
const gatewayRun = (key) =>
  compare([
    ...['--gateway-label', 'gateway', '--gateway-url', `http://127.0.0.1:${port}/v1`],
    ...['--gateway-ready', `http://127.0.0.1:${port}/api/status`],
    ...['--gateway-cmd', `${process.execPath} ${nodeFlags} ${join(root, 'server/dist/main.js')}`],
    ...['--mock-port', String(mockPort), '--key', key],
  ]);

/**
 * The bare relay of bench/limit-proxy.mjs (Fastify + undici + batched SQLite writes, no
 * features: the practical limit of Node here), on its fixed ports 8899 and mock 9100.
 */
const bareRun = () =>
  compare([
    ...['--gateway-label', 'bare relay', '--gateway-url', 'http://127.0.0.1:8899/v1'],
    ...['--gateway-ready', 'http://127.0.0.1:8899/'],
    ...['--gateway-cmd', `${process.execPath} ${join(root, 'bench/limit-proxy.mjs')}`],
    ...['--mock-port', '9100', '--key', 'sk-bench'],
  ]);

/**
 * The unloaded figures, with the bare relay and the gateway running side by side (see
 * scripts/bench-unloaded.mjs): the gateway on the seeded database, each relay in front of a
 * mock of its own.
 */
const unloadedRun = (key) =>
  measureUnloaded(
    {
      bare: {
        mockPort: 9100,
        command: process.execPath,
        args: [join(root, 'bench/limit-proxy.mjs')],
        env: { ...env, LIMIT_DB: join(dir, 'limit.db') },
        url: 'http://127.0.0.1:8899/v1',
        ready: 'http://127.0.0.1:8899/',
        key: 'sk-bench',
      },
      gateway: {
        mockPort,
        command: process.execPath,
        args: [...nodeFlags.split(' ').filter(Boolean), join(root, 'server/dist/main.js')],
        env,
        url: `http://127.0.0.1:${port}/v1`,
        ready: `http://127.0.0.1:${port}/api/status`,
        key,
      },
    },
    { log },
  );

/** The figures of one report that are compared. */
function figures({ summary, gateway_process: proc }) {
  const ns = summary.nonstream;
  const st = summary.stream;
  return {
    nonstreamRps: ns?.gateway?.rps,
    streamRps: st?.gateway?.rps,
    addedP50Load: ns?.added_ms?.p50,
    addedP99Load: ns?.added_ms?.p99,
    addedP50: ns?.probe_unloaded?.added_total_p50_ms,
    firstByte: st?.probe_unloaded?.added_ttfb_p50_ms,
    rssMb: proc?.rss_peak_under_load_mb,
    cpuUs: proc?.cpu_us_per_request_upper_bound,
    errors: (ns?.gateway?.errors ?? 0) + (st?.gateway?.errors ?? 0),
    directNonstreamRps: ns?.direct?.rps,
    directStreamRps: st?.direct?.rps,
  };
}

/**
 * The machine's speed moves between the two phases of one run (on a shared virtual machine,
 * the mock alone has measured 1.6x apart minutes later). Each phase measures the mock alone
 * first, so the RPS ratios are also printed against each phase's own direct run; informative
 * only, the targets are judged on the plain ratios above.
 */
function reportPair({ gateway, bare }, i) {
  const g = figures(gateway);
  const b = figures(bare);
  const drift = (x, y) => (x && y ? round2(x / y) : null);
  const relative = (rps, direct) => (rps && direct ? rps / direct : null);
  const corrected = (gv, gd, bv, bd) => {
    const gr = relative(gv, gd);
    const br = relative(bv, bd);
    return gr && br ? round2(gr / br) : 'n/a';
  };
  console.log(
    `Pair ${i + 1}: non-stream ${drift(g.nonstreamRps, b.nonstreamRps)}x, stream` +
      ` ${drift(g.streamRps, b.streamRps)}x. Machine drift: the mock alone did` +
      ` ${b.directNonstreamRps} RPS before the bare relay and ${g.directNonstreamRps} before the` +
      ` gateway (${drift(b.directNonstreamRps, g.directNonstreamRps)}x). Ratios each against its` +
      ` own phase's mock: non-stream` +
      ` ${corrected(g.nonstreamRps, g.directNonstreamRps, b.nonstreamRps, b.directNonstreamRps)},` +
      ` stream ${corrected(g.streamRps, g.directStreamRps, b.streamRps, b.directStreamRps)} (info)`,
  );
}

const round2 = (x) => (typeof x === 'number' ? Math.round(x * 100) / 100 : x);

/** The mean of the finite numbers among `values`, or null. */
function mean(values) {
  const xs = values.filter((v) => typeof v === 'number' && Number.isFinite(v));
  return xs.length === 0 ? null : xs.reduce((sum, x) => sum + x, 0) / xs.length;
}

/**
 * Prints the gateway beside the bare relay, as ratios, against the targets of issue 10. Each
 * pair is a bare run and a gateway run back to back: ratios and differences are taken within
 * a pair and averaged over the pairs; peak RSS is the highest of the gateway's runs. The
 * unloaded targets are judged on the side-by-side measurement; each phase's own unloaded
 * probe is printed for information.
 */
function report(pairs, unloaded) {
  const runs = pairs.map(({ gateway, bare }) => ({ g: figures(gateway), b: figures(bare) }));
  const gv = (key) => mean(runs.map(({ g }) => g[key]));
  const bv = (key) => mean(runs.map(({ b }) => b[key]));
  const ratio = (key) =>
    round2(mean(runs.map(({ g, b }) => (g[key] && b[key] ? g[key] / b[key] : null))));
  const delta = (key) => round2(mean(runs.map(({ g, b }) => g[key] - b[key])));
  const peak = (side) => Math.max(...runs.map((run) => run[side].rssMb ?? 0));
  const errors = (side) => runs.reduce((n, run) => n + (run[side].errors ?? 0), 0);
  /** A side-by-side unloaded figure: the gateway's, the bare relay's, and what the gateway adds. */
  const sideBySide = ({ gateway, bare }) => [gateway, bare, round2(gateway - bare)];
  const rows = [
    [
      'non-stream RPS',
      gv('nonstreamRps'),
      bv('nonstreamRps'),
      ratio('nonstreamRps'),
      '>= 0.75 x',
      (r) => r >= 0.75,
    ],
    [
      'stream RPS',
      gv('streamRps'),
      bv('streamRps'),
      ratio('streamRps'),
      '>= 0.75 x',
      (r) => r >= 0.75,
    ],
    ['added p50 unloaded, ms', ...sideBySide(unloaded.nonstream), '<= +0.1', (d) => d <= 0.1],
    ['stream first byte added, ms', ...sideBySide(unloaded.stream), '<= +0.15', (d) => d <= 0.15],
    [
      'added p50 unloaded, per phase, ms',
      gv('addedP50'),
      bv('addedP50'),
      delta('addedP50'),
      'info',
    ],
    [
      'first byte added, per phase, ms',
      gv('firstByte'),
      bv('firstByte'),
      delta('firstByte'),
      'info',
    ],
    [
      'added p50 under load, ms',
      gv('addedP50Load'),
      bv('addedP50Load'),
      delta('addedP50Load'),
      'info',
    ],
    [
      'added p99 under load, ms',
      gv('addedP99Load'),
      bv('addedP99Load'),
      delta('addedP99Load'),
      'info',
    ],
    ['CPU per request, µs (upper bound)', gv('cpuUs'), bv('cpuUs'), ratio('cpuUs'), 'info'],
    ['peak RSS under load, MB', peak('g'), peak('b'), null, '<= 150 MB', () => peak('g') <= 150],
    [
      'errors (non-2xx, failed checks)',
      errors('g'),
      errors('b'),
      null,
      '0',
      () => errors('g') === 0,
    ],
  ];
  const over = runs.length === 1 ? 'one pair' : `${runs.length} pairs of runs`;
  console.log(`\nGateway vs bare relay, ${over} (one relay core, SQLite, billing and logs on)`);
  console.log(
    `        ${''.padEnd(34)} ${'gateway'.padStart(9)} ${'bare'.padStart(9)} ${'ratio/+'.padStart(9)}   target`,
  );
  let passed = true;
  for (const [name, gateway, bare, rel, target, check] of rows) {
    const ok = check
      ? rel !== undefined && (rel !== null || !target.includes('x')) && check(rel)
      : null;
    if (ok === false) passed = false;
    const mark = ok === null ? '    ' : ok ? 'PASS' : 'FAIL';
    const cell = (v) => String(round2(v) ?? 'n/a').padStart(9);
    console.log(
      `  ${mark}  ${name.padEnd(34)} ${cell(gateway)} ${cell(bare)} ${cell(rel ?? '')}   ${target}`,
    );
  }
  return passed;
}

try {
  if (!process.env.BENCH_SKIP_BUILD) buildServer(log);
  const key = await seedGateway(env, mockPort);
  log(`database ${dbPath} seeded; gateway :${port}, mock :${mockPort}`);
  const pairs = [];
  for (let i = 0; i < pairCount; i++) {
    // Bare first, then gateway first (ABBA...): a steady drift of the machine's speed cancels.
    log(`pair ${i + 1} of ${pairCount}: the bare relay (bench/limit-proxy.mjs) and the gateway`);
    if (i % 2 === 0) {
      const bare = await bareRun();
      pairs.push({ bare, gateway: await gatewayRun(key) });
    } else {
      const gateway = await gatewayRun(key);
      pairs.push({ gateway, bare: await bareRun() });
    }
  }
  log('unloaded latency: the bare relay and the gateway side by side');
  const unloaded = await unloadedRun(key);
  process.exitCode = report(pairs, unloaded) ? 0 : 1;
  console.log('');
  pairs.forEach(reportPair);
  const gateway = pairs.at(-1).gateway;
  if (process.env.BENCH_CONTROLS !== '0') {
    log('again with admission caps and a budget on the key and the channel');
    enableControls(dbPath);
    const controlled = figures(await gatewayRun(key));
    const g = figures(gateway);
    const pct = (x, y) => (x && y ? `${Math.round((x / y) * 100)} %` : 'n/a');
    console.log(
      `\nWith caps and budgets on (same gateway): non-stream ${round2(controlled.nonstreamRps) ?? 'n/a'} RPS` +
        ` (${pct(controlled.nonstreamRps, g.nonstreamRps)} of without), stream` +
        ` ${round2(controlled.streamRps) ?? 'n/a'} RPS (${pct(controlled.streamRps, g.streamRps)}),` +
        ` CPU ${controlled.cpuUs} µs/request, errors ${controlled.errors}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
