// `npm run bench -- --instructions`: the CPU work of a request counted in instructions, the
// gateway against the bare relay of bench/limit-proxy.mjs. Each relay runs under valgrind's
// callgrind with counting off; after a warm-up (WARMUP requests, 8 at a time, so that V8 has
// compiled the hot code) counting is turned on for MEASURED requests, then off, and the count
// is read back with the share spent in V8's optimising compiler. Throughput and CPU time on a
// shared VM move by 10-20 % between runs of the same build; instruction counts repeat within
// 1-2 %, so a change of a few per cent shows here when `npm run bench` cannot see it. The
// targets of `npm run bench` are judged on time, not on this; the ratio of the two counts has
// matched the ratio of CPU time per request.
//
//   npm run bench -- --instructions [--mode nonstream|stream|both] [--warmup 10000]
//                   [--measured 1000] [--keep] [--relays both|gateway] [--dist server/dist]
//
// `--relays gateway --dist <dir>` counts only the gateway, from the build in `<dir>` (built
// beforehand, by `server/build.mjs` into another directory of `server/`): two builds, old and
// new, are compared that way without counting the bare relay each time.
// `--keep` leaves the callgrind dumps (`<relay>-<mode>.callgrind.1`) in the directory it prints,
// to compare function by function with `callgrind_annotate`.
// Needs valgrind (`valgrind`, `callgrind_control`, `callgrind_annotate`); a run under callgrind
// is ~50x slower than without, about two minutes per relay and mode.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, freePort, gatewayEnv, root, seedGateway } from './bench-gateway.mjs';
import { serverEnv, serverNodeFlags } from './node-runtime.mjs';

const log = (...x) => console.error('[bench:instructions]', ...x);
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const modes = option('mode', 'both') === 'both' ? ['nonstream', 'stream'] : [option('mode')];
const warmup = Number(option('warmup', '10000'));
const measured = Number(option('measured', '1000'));
const concurrency = 8;
const countBare = option('relays', 'both') !== 'gateway';
const dist = option('dist', 'server/dist');

/** Functions of V8's optimising compiler: its share moves with when compiles happen. */
const compilerFunction =
  /v8::internal::compiler::|v8::internal::Zone|RegisterAllocator|InstructionSelector|turboshaft/;

/** Whether valgrind and its callgrind tools are installed (`--version` exits 255 for some). */
const haveValgrind = () =>
  ['valgrind', 'callgrind_control', 'callgrind_annotate'].every(
    (tool) => !spawnSync(tool, ['--version'], { stdio: 'ignore' }).error,
  );

/** Sends `count` chat requests, `concurrency` at a time, each answer read to its end. */
async function drive(url, key, count, stream) {
  const body = JSON.stringify({
    model: 'gpt-4o-mini',
    stream,
    messages: [{ role: 'user', content: 'Hello there, how are you today?' }],
  });
  let left = count;
  let failed = 0;
  const worker = async () => {
    while (left-- > 0) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body,
      });
      await res.arrayBuffer();
      if (!res.ok) failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failed > 0) throw new Error(`${failed} of ${count} requests failed`);
}

async function ready(url, child) {
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    if ((await fetch(url).catch(() => null))?.ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer under valgrind`);
}

/**
 * `callgrind_control`, with the environment the relay runs in: valgrind names the pipe it
 * listens on after the HOST and USER variables of the process it runs.
 */
const control = (env, pid, ...command) =>
  execFileSync('callgrind_control', [...command, String(pid)], { env, stdio: 'ignore' });

/** Total and compiler instructions of a callgrind dump. */
function countsOf(file) {
  const text = execFileSync('callgrind_annotate', ['--threshold=100', file], {
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  let total = 0;
  let compiler = 0;
  for (const line of text.split('\n')) {
    const match = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line);
    if (!match) continue;
    const count = Number(match[1].replaceAll(',', ''));
    if (match[2].startsWith('PROGRAM TOTALS')) total = count;
    else if (compilerFunction.test(match[2])) compiler += count;
  }
  return { total, compiler };
}

/** Runs one relay under callgrind and counts the instructions of `measured` requests. */
async function count(relay, mode, dir) {
  const out = join(dir, `${relay.name}-${mode}.callgrind`);
  const env = { USER: 'bench', LOGNAME: 'bench', ...relay.env };
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}`, ...relay.command],
    { cwd: relay.cwd, env, stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await ready(relay.ready, child);
    const stream = mode === 'stream';
    log(`${relay.name}, ${mode}: ${warmup} warm-up requests`);
    await drive(relay.url, relay.key, warmup, stream);
    control(env, child.pid, '--instr=on');
    await drive(relay.url, relay.key, measured, stream);
    control(env, child.pid, '--instr=off');
    control(env, child.pid, '--dump');
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  // The one dump (`<out>.1`) holds the measured requests; the file written at exit, nothing.
  const { total, compiler } = countsOf(`${out}.1`);
  return { perRequest: total / measured, withoutCompiler: (total - compiler) / measured };
}

if (!haveValgrind()) {
  log('valgrind is not installed (Debian: apt-get install valgrind)');
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'gateway-bench-instructions-'));
try {
  if (!process.env.BENCH_SKIP_BUILD && dist === 'server/dist') buildServer(log);
  const port = await freePort();
  const mockPort = await freePort();
  const env = gatewayEnv(join(dir, 'bench.db'), port);
  const key = await seedGateway(env, mockPort);
  const mocks = [9100, mockPort].map((p) =>
    spawn(process.execPath, [join(root, 'bench/mock-upstream.mjs'), '--port', String(p)], {
      stdio: 'ignore',
    }),
  );
  const relays = [
    {
      name: 'bare',
      command: [process.execPath, join(root, 'bench/limit-proxy.mjs')],
      cwd: join(root, 'bench'),
      env: { ...serverEnv(), LIMIT_DB: join(dir, 'limit.db') },
      url: 'http://127.0.0.1:8899/v1/chat/completions',
      ready: 'http://127.0.0.1:8899/',
      key: 'sk-bench',
    },
    {
      name: 'gateway',
      command: [process.execPath, ...serverNodeFlags, join(root, dist, 'main.js')],
      cwd: root,
      env,
      url: `http://127.0.0.1:${port}/v1/chat/completions`,
      ready: `http://127.0.0.1:${port}/api/status`,
      key,
    },
  ];
  try {
    const rows = [];
    for (const mode of modes) {
      const bare = countBare ? await count(relays[0], mode, dir) : null;
      const gateway = await count(relays[1], mode, dir);
      rows.push({ mode, bare, gateway });
    }
    const k = (n) => `${Math.round(n / 1000)}k`.padStart(8);
    console.log(
      `\nInstructions per request (${measured} requests after ${warmup}, ${concurrency} at a time)`,
    );
    console.log(
      `  ${'mode'.padEnd(10)} ${'gateway'.padStart(8)} ${'bare'.padStart(8)}   ratio   without the compiler: gateway, bare, ratio`,
    );
    const ratio = (a, b) => (b ? (a / b).toFixed(2) : '-');
    for (const { mode, bare, gateway } of rows) {
      console.log(
        `  ${mode.padEnd(10)} ${k(gateway.perRequest)} ${bare ? k(bare.perRequest) : '-'.padStart(8)}   ${ratio(gateway.perRequest, bare?.perRequest).padStart(5)}` +
          `   ${k(gateway.withoutCompiler)} ${bare ? k(bare.withoutCompiler) : '-'.padStart(8)} ${ratio(gateway.withoutCompiler, bare?.withoutCompiler).padStart(6)}`,
      );
    }
  } finally {
    for (const mock of mocks) mock.kill('SIGTERM');
  }
} finally {
  if (args.includes('--keep')) log(`callgrind dumps kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
