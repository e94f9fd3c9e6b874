import { Role } from '@gateway/shared';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/test-context.js';
import { newUser } from '../tokens/console-helpers.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

/** A forward proxy (CONNECT tunnels and absolute-URI requests) that counts what it carries. */
async function startProxy() {
  let carried = 0;
  const server = createServer((req, res) => {
    carried++;
    const target = new URL(req.url ?? '');
    const headers: IncomingHttpHeaders = { ...req.headers };
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req, socket, head) => {
    carried++;
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    carried: () => carried,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe(`a channel behind a proxy on ${testDb}`, () => {
  let r: RelayTest;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let channelId: number;

  beforeAll(async () => {
    r = await startRelayTest();
    proxy = await startProxy();
    channelId = await r.channel({ models: ['gpt-4o-mini'], setting: { proxy: proxy.url } });
  });
  afterAll(async () => {
    await r.cleanup();
    await proxy.close();
  });

  it('sends every request through the proxy, answer after answer, streamed or not', async () => {
    const ask = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
    for (const stream of [false, false, true, true]) {
      const res = await r.post('/v1/chat/completions', { ...ask, stream });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(proxy.carried()).toBeGreaterThan(0);
    const chats = r.up.requests.filter((q) => q.path === '/v1/chat/completions');
    expect(chats).toHaveLength(4);
    for (const q of chats) expect(q.headers.authorization).toBe('Bearer sk-upstream-test');
  });

  it('tests the channel through the proxy as well', async () => {
    const admin = await newUser(r.ctx, Role.admin);
    for (let i = 0; i < 2; i++) {
      const res = await r.app.inject({
        method: 'GET',
        url: `/api/channel/test/${channelId}`,
        headers: admin.headers,
      });
      expect(res.json(), res.body).toMatchObject({ success: true });
    }
  });
});
