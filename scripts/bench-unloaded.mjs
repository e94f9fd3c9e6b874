// The unloaded latency of `npm run bench`, measured side by side: the bare relay and the
// gateway run at the same time, each in front of its own mock, and sequential requests go to
// the four in turn, a block to each (mock, bare relay, mock, gateway), round after round. The
// machine's speed drifts over minutes (on a shared VM a phase's unloaded figures moved 2x
// between two runs of the bench, flipping its verdicts both ways), and a drift now falls on
// the four alike instead of on one phase. Each relay's added latency is its p50 less its own
// mock's, taken over the same rounds.
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import { cpus } from 'node:os';

/** Requests per block; the first few of a block warm the process just switched to. */
const blockSize = 50;
const blockWarmup = 10;
/** Requests each target gets before anything is recorded (the code paths get compiled). */
const warmupRequests = 1000;

const haveTaskset = (() => {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return cpus().length >= 2;
  } catch {
    return false;
  }
})();

/** Relays on cpu 1, mocks and the prober on cpu 0, as `bench/compare.mjs --pin auto` does. */
const relayCpu = 1;
const auxCpu = 0;

function start(command, args, cpu, env) {
  const argv = haveTaskset ? ['taskset', '-c', String(cpu), command, ...args] : [command, ...args];
  const child = spawn(argv[0], argv.slice(1), { env, stdio: 'ignore', detached: true });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, exited };
}

async function stop(proc) {
  try {
    process.kill(-proc.child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await proc.exited;
}

async function ready(url) {
  for (let i = 0; i < 300; i++) {
    const res = await fetch(url).catch(() => null);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

const messages = [{ role: 'user', content: 'Say hello in twenty short tokens, please.' }];
const bodies = {
  nonstream: JSON.stringify({ model: 'gpt-4o-mini', messages, max_tokens: 64 }),
  stream: JSON.stringify({
    model: 'gpt-4o-mini',
    messages,
    max_tokens: 64,
    stream: true,
    stream_options: { include_usage: true },
  }),
};

/** One sequential client of one target: a kept-alive connection and what it measured. */
function client(name, url, key) {
  const target = new URL(`${url.replace(/\/+$/, '')}/chat/completions`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const timings = { ttfb: [], total: [] };
  const once = (body) =>
    new Promise((resolve, reject) => {
      const t0 = process.hrtime.bigint();
      let first = 0n;
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${key}`,
        'content-length': body.length,
      };
      const req = http.request(target, { method: 'POST', agent, headers }, (res) => {
        res.on('data', () => {
          first ||= process.hrtime.bigint();
        });
        res.on('end', () => {
          const t1 = process.hrtime.bigint();
          if (res.statusCode !== 200) reject(new Error(`${name} answered ${res.statusCode}`));
          else resolve({ ttfb: Number((first || t1) - t0) / 1e6, total: Number(t1 - t0) / 1e6 });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  return {
    name,
    timings,
    async run(body, count, record) {
      for (let i = 0; i < count; i++) {
        const t = await once(body);
        if (record && i >= blockWarmup) {
          timings.ttfb.push(t.ttfb);
          timings.total.push(t.total);
        }
      }
    },
    reset() {
      timings.ttfb = [];
      timings.total = [];
    },
    close: () => agent.destroy(),
  };
}

function p50(values) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const round3 = (x) => Math.round(x * 1000) / 1000;

/**
 * Measures both relays unloaded, side by side. `bare` and `gateway` each say how to start the
 * relay and its mock: `{ mock: {args, port}, relay: {command, args, env, url, ready, key} }`.
 * Resolves with each mode's p50s (ms) and each relay's added p50 over its own mock: the whole
 * answer for non-stream requests, the first byte for streamed ones.
 */
export async function measureUnloaded({ bare, gateway }, { rounds = 20, log = () => {} } = {}) {
  const procs = [];
  const prober = process.pid;
  if (haveTaskset)
    execFileSync('taskset', ['-p', '-c', String(auxCpu), String(prober)], { stdio: 'ignore' });
  try {
    for (const side of [bare, gateway]) {
      procs.push(start(process.execPath, side.mock.args, auxCpu, process.env));
      procs.push(start(side.relay.command, side.relay.args, relayCpu, side.relay.env));
    }
    for (const side of [bare, gateway]) {
      await ready(`http://127.0.0.1:${side.mock.port}/v1/models`);
      await ready(side.relay.ready);
    }
    const clients = [
      client('bare mock', `http://127.0.0.1:${bare.mock.port}/v1`, 'x'),
      client('bare relay', bare.relay.url, bare.relay.key),
      client('gateway mock', `http://127.0.0.1:${gateway.mock.port}/v1`, 'x'),
      client('gateway', gateway.relay.url, gateway.relay.key),
    ];
    const result = {};
    for (const mode of ['nonstream', 'stream']) {
      const body = Buffer.from(bodies[mode]);
      log(
        `unloaded, side by side, ${mode}: ${warmupRequests} warm-up requests each, then ${rounds} rounds of ${blockSize}`,
      );
      for (const c of clients) {
        c.reset();
        await c.run(body, warmupRequests, false);
      }
      for (let r = 0; r < rounds; r++) for (const c of clients) await c.run(body, blockSize, true);
      const figure = mode === 'stream' ? 'ttfb' : 'total';
      const [bareMock, bareRelay, gatewayMock, gatewayRelay] = clients.map((c) =>
        p50(c.timings[figure]),
      );
      result[mode] = {
        figure,
        p50_ms: {
          bare_mock: round3(bareMock),
          bare: round3(bareRelay),
          gateway_mock: round3(gatewayMock),
          gateway: round3(gatewayRelay),
        },
        added_ms: {
          bare: round3(bareRelay - bareMock),
          gateway: round3(gatewayRelay - gatewayMock),
        },
      };
    }
    for (const c of clients) c.close();
    return result;
  } finally {
    await Promise.all(procs.map(stop));
    if (haveTaskset) {
      const all = cpus()
        .map((_, i) => i)
        .join(',');
      execFileSync('taskset', ['-p', '-c', all, String(prober)], { stdio: 'ignore' });
    }
  }
}
