#!/usr/bin/env node
// A TCP proxy that delays every chunk, in each direction, by a fixed number of milliseconds:
// a network between the gateway and its database or Redis that is farther away than loopback.
// A request and its answer each cross it once, so a round trip gains twice the delay. Chunks
// keep their order in each direction; a connection's end is delayed like its data.
//
//   node bench/delay-proxy.mjs --listen 0 --to 127.0.0.1:5432 --delay 1
//
// prints `listening on 127.0.0.1:PORT` on stdout once ready (`--listen 0` picks a free port).
// `npm run bench -- --instances N --latency MS` starts one per service with `startDelayProxy`.
import net from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * Forwards what `from` sends to `to`, each chunk `delayMs` after it arrived. One timer per
 * direction at a time: it fires for the oldest pending chunk and writes every chunk that is
 * due, so order is kept whatever the timers' precision.
 */
function pipeDelayed(from, to, delayMs) {
  const pending = []; // [due time, chunk or null for the end], oldest first
  let timer = null;
  const flush = () => {
    timer = null;
    const now = performance.now();
    while (pending.length > 0 && pending[0][0] <= now) {
      const [, chunk] = pending.shift();
      if (chunk === null) to.end();
      else if (!to.write(chunk) && !from.isPaused()) {
        // The far side reads slowly: stop reading until it has taken what was written.
        from.pause();
        to.once('drain', () => from.resume());
      }
    }
    if (pending.length > 0) timer = setTimeout(flush, pending[0][0] - now);
  };
  const push = (chunk) => {
    pending.push([performance.now() + delayMs, chunk]);
    if (timer === null) timer = setTimeout(flush, delayMs);
  };
  from.on('data', push);
  from.on('end', () => push(null));
  return () => clearTimeout(timer);
}

/**
 * Starts a proxy on `listen` (0: a free port) to `host:port`, delaying each direction by
 * `delayMs`. Resolves with `{ port, close() }`.
 */
export async function startDelayProxy({ listen = 0, host = '127.0.0.1', port, delayMs }) {
  const sockets = new Set();
  // Half-open connections allowed: a side's end is passed on after the delay, like its data,
  // rather than ending the other direction at once.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    const upstream = net.connect({ host, port, allowHalfOpen: true });
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    const stops = [pipeDelayed(client, upstream, delayMs), pipeDelayed(upstream, client, delayMs)];
    // A reset or a refused connection on either side ends both at once.
    const abort = () => {
      for (const stop of stops) stop();
      client.destroy();
      upstream.destroy();
    };
    client.on('error', abort);
    upstream.on('error', abort);
  });
  await new Promise((listening, failed) => {
    server.once('error', failed);
    server.listen(listen, '127.0.0.1', listening);
  });
  return {
    port: server.address().port,
    close: () =>
      new Promise((closed) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => closed());
      }),
  };
}

// Standalone: `node bench/delay-proxy.mjs --listen 0 --to HOST:PORT --delay MS`.
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const { values: a } = parseArgs({
    options: {
      listen: { type: 'string', default: '0' },
      to: { type: 'string' },
      delay: { type: 'string', default: '1' },
    },
  });
  const at = a.to?.lastIndexOf(':') ?? -1;
  if (at < 1) {
    console.error('usage: node delay-proxy.mjs --listen PORT --to HOST:PORT --delay MS');
    process.exit(2);
  }
  const proxy = await startDelayProxy({
    listen: Number(a.listen),
    host: a.to.slice(0, at),
    port: Number(a.to.slice(at + 1)),
    delayMs: Number(a.delay),
  });
  console.log(`listening on 127.0.0.1:${proxy.port}`);
  const stop = () => proxy.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
