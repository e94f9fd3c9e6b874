import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeUpstreamPools, sendUpstream, UpstreamAborted } from './upstream-pools.js';

let server: Server;
let base = '';
/** Responses the `/hang` route is holding, to see when the gateway lets go of them. */
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/chunks') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      let i = 0;
      const next = () => {
        if (i === 5) return res.end('end');
        res.write(`part${i++};`);
        setTimeout(next, 2);
      };
      return next();
    }
    if (req.url === '/big') {
      // 4 MiB in 64 KiB writes, honouring backpressure.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      let left = 64;
      const pump = () => {
        while (left > 0) {
          left--;
          const ok = res.write(Buffer.alloc(64 * 1024, left % 251));
          if (!ok) return res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    if (req.url === '/hang') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first');
      hanging.push(res);
      return;
    }
    if (req.url === '/never') return; // no headers at all
    res.writeHead(404).end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await closeUpstreamPools();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (path: string) => sendUpstream({ method: 'GET', url: base + path, headers: {} });

describe('sendUpstream', () => {
  it('resolves at the headers and reads a body arriving in several chunks', async () => {
    const res = await get('/chunks').response;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain');
    expect(await res.body.text()).toBe('part0;part1;part2;part3;part4;end');
  });

  it('gives non-2xx answers with their body', async () => {
    const res = await get('/missing').response;
    expect(res.statusCode).toBe(404);
    expect(await res.body.text()).toBe('missing');
  });

  it('streams a large body chunk by chunk to a slow reader without losing a byte', async () => {
    const res = await get('/big').response;
    let total = 0;
    let reads = 0;
    for await (const chunk of res.body) {
      total += chunk.length;
      if (++reads % 8 === 0) await new Promise((r) => setTimeout(r, 1));
    }
    expect(total).toBe(4 * 1024 * 1024);
  });

  it('aborts before the headers: the response rejects and the connection is let go', async () => {
    const call = get('/never');
    setTimeout(() => call.abort(), 20);
    await expect(call.response).rejects.toBeInstanceOf(UpstreamAborted);
  });

  it('aborts in the middle of a body: reading it fails', async () => {
    const call = get('/hang');
    const res = await call.response;
    const chunks: string[] = [];
    const reading = (async () => {
      for await (const chunk of res.body) {
        chunks.push(chunk.toString());
        call.abort();
      }
    })();
    await expect(reading).rejects.toBeInstanceOf(UpstreamAborted);
    expect(chunks).toEqual(['first']);
    await new Promise((r) => setTimeout(r, 20));
    expect(hanging.at(-1)?.destroyed || hanging.at(-1)?.socket?.destroyed).toBe(true);
  });
});
