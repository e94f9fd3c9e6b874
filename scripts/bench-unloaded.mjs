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
/**
 * Requests each target gets before anything is recorded, `warmupConcurrency` at a time, so
 * that both relays are measured as they run for good: with their code compiled. V8 compiles a
 * relay's hot functions over its first few thousand requests, on the relay's one core: run
 * sequentially on a 2-core VM, the bare relay's p50 settled after ~2,500 requests (from 1.1
 * ms to 0.17) and the gateway's, with ~350 functions to optimise, after ~4,500 (1.4 ms to
 * 0.25). After 1,000 warm-up requests the side-by-side figures measured mostly that
 * compilation (+0.29 to +0.44 ms non-stream; +0.01 to +0.13 after 6,000, over eight runs).
 */
const warmupRequests = 6000;
const warmupConcurrency = 8;

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

const mockScript = new URL('../bench/mock-upstream.mjs', import.meta.url).pathname;
const mockUrl = (port) => `http://127.0.0.1:${port}/v1`;

/**
 * One sequential client of one target over a kept-alive connection: `block` sends `count`
 * requests one after the other and adds the times (ms) of those past the block's warm-up to
 * `into`, the first byte's or the whole answer's; `warm` sends requests that are not timed.
 */
function client(name, url, key) {
  const target = new URL(`${url.replace(/\/+$/, '')}/chat/completions`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = (body, via = agent) =>
    new Promise((resolve, reject) => {
      const t0 = process.hrtime.bigint();
      let first = 0n;
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${key}`,
        'content-length': body.length,
      };
      const req = http.request(target, { method: 'POST', agent: via, headers }, (res) => {
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
    /** Sends `count` requests, `warmupConcurrency` at a time, each lane on a connection of its own. */
    async warm(body, count) {
      const lanes = new http.Agent({ keepAlive: true, maxSockets: warmupConcurrency });
      const lane = async () => {
        for (let i = 0; i < count / warmupConcurrency; i++) await once(body, lanes);
      };
      await Promise.all(Array.from({ length: warmupConcurrency }, lane));
      lanes.destroy();
    },
    async block(body, count, figure, into = []) {
      for (let i = 0; i < count; i++) {
        const t = await once(body);
        if (i >= blockWarmup) into.push(t[figure]);
      }
      return into;
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
 * relay and on which port its mock listens: `{ mockPort, command, args, env, url, ready, key }`.
 * Resolves with each relay's added p50 (ms) over its own mock per mode, `{ nonstream: { bare,
 * gateway }, stream: { bare, gateway } }`: the whole answer for non-stream requests, the first
 * byte for streamed ones.
 */
export async function measureUnloaded({ bare, gateway }, { rounds = 20, log = () => {} } = {}) {
  const procs = [];
  const prober = process.pid;
  if (haveTaskset)
    execFileSync('taskset', ['-p', '-c', String(auxCpu), String(prober)], { stdio: 'ignore' });
  try {
    for (const side of [bare, gateway]) {
      const mockArgs = [mockScript, '--port', String(side.mockPort)];
      procs.push(start(process.execPath, mockArgs, auxCpu, process.env));
      procs.push(start(side.command, side.args, relayCpu, side.env));
    }
    for (const side of [bare, gateway]) {
      await ready(`${mockUrl(side.mockPort)}/models`);
      await ready(side.ready);
    }
    const clients = [
      client('bare mock', mockUrl(bare.mockPort), 'x'),
      client('bare relay', bare.url, bare.key),
      client('gateway mock', mockUrl(gateway.mockPort), 'x'),
      client('gateway', gateway.url, gateway.key),
    ];
    const result = {};
    for (const mode of ['nonstream', 'stream']) {
      const body = Buffer.from(bodies[mode]);
      const figure = mode === 'stream' ? 'ttfb' : 'total';
      log(
        `unloaded, side by side, ${mode}: ${warmupRequests} warm-up requests each (${warmupConcurrency} at a time), then ${rounds} rounds of ${blockSize}`,
      );
      for (const c of clients) await c.warm(body, warmupRequests);
      const times = clients.map(() => []);
      for (let r = 0; r < rounds; r++) {
        for (const [i, c] of clients.entries()) await c.block(body, blockSize, figure, times[i]);
      }
      const [bareMock, bareRelay, gatewayMock, gatewayRelay] = times.map(p50);
      result[mode] = {
        bare: round3(bareRelay - bareMock),
        gateway: round3(gatewayRelay - gatewayMock),
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
