import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { createServer as createNetServer, Socket, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { freePort } from '../helpers/server-process.js';
import {
  createIsolatedDb,
  createTestContext,
  testDb,
  testRedis,
  type IsolatedDb,
  type TestContext,
} from '../helpers/test-context.js';
import { seedChannel, seedToken, seedUser } from '../relay/relay-fixture.js';
import { databaseEnv, startServer } from '../relay/server-child.js';

/**
 * Three real server processes on one PostgreSQL database and one Redis, behind a small
 * round-robin balancer: sessions, cache invalidation, per-key rate limits and the books hold
 * across them, and a Redis restart under load is survived (requests fail cleanly while it is
 * gone, the instances recover by themselves, nothing is lost or doubled).
 */

const rootPassword = 'instances-root-pass';

/** A private Redis on a free port, so the test can stop and start it. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('redis did not start');
}

/**
 * A TCP proxy to PostgreSQL that the test can cut (every connection dropped, new ones refused)
 * and restore, to stand for a database restart without touching the shared server.
 */
async function startDbProxy(target: number) {
  const sockets = new Set<Socket>();
  let open = true;
  const server = createNetServer((client) => {
    if (!open) return client.destroy();
    const db = new Socket();
    db.connect(target, '127.0.0.1');
    for (const s of [client, db]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(db).pipe(client);
    client.on('close', () => db.destroy());
    db.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A round-robin HTTP balancer over `ports`. */
async function startBalancer(ports: number[]): Promise<{ url: string; server: Server }> {
  let next = 0;
  const server = createServer((req, res) => {
    const port = ports[next++ % ports.length]!;
    const upstream = request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"balancer: instance unreachable"}}');
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe.skipIf(testDb !== 'postgres' || !testRedis)('three instances behind a balancer', () => {
  let isolated: IsolatedDb;
  let seedCtx: TestContext;
  let up: FakeUpstream;
  let redisPort: number;
  let redis: ChildProcess;
  const ports: number[] = [];
  const instances: ChildProcess[] = [];
  let balancer: { url: string; server: Server };
  let dbProxy: Awaited<ReturnType<typeof startDbProxy>>;
  let key: string;
  let tokenId: number;
  let userId: number;

  const chat = (base: string, k = key) =>
    fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
  const direct = (i: number) => `http://127.0.0.1:${ports[i]}`;

  beforeAll(async () => {
    isolated = await createIsolatedDb();
    up = await startFakeUpstream();
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    seedCtx = await createTestContext({ reuse: isolated });
    await seedChannel(seedCtx.ctx, { baseUrl: up.url, models: ['gpt-4o-mini'] });
    userId = await seedUser(seedCtx.ctx, { quota: 1_000_000_000 });
    const seeded = await seedToken(seedCtx.ctx, userId);
    key = seeded.key;
    tokenId = seeded.id;
    // The instances reach PostgreSQL through a proxy the test can cut.
    const database = databaseEnv(isolated);
    const target = new URL(database.SQL_DSN!);
    dbProxy = await startDbProxy(Number(target.port || 5432));
    target.port = String(dbProxy.port);
    const env = {
      ...database,
      SQL_DSN: target.toString(),
      REDIS_CONN_STRING: `redis://127.0.0.1:${redisPort}`,
      INITIAL_ROOT_PASSWORD: rootPassword,
    };
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      ports.push(port);
      instances.push(await startServer(env, port));
    }
    balancer = await startBalancer(ports);
  }, 180_000);

  afterAll(async () => {
    for (const child of instances) child.kill('SIGTERM');
    await Promise.all(
      instances.map((child) => new Promise((resolve) => child.once('exit', resolve))),
    );
    redis?.kill('SIGKILL');
    balancer?.server.close();
    await dbProxy?.close();
    await up?.close();
    await seedCtx?.cleanup();
    await isolated?.drop();
  }, 60_000);

  it('keeps a session signed in on one instance valid on every other', async () => {
    const login = await fetch(`${direct(0)}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: rootPassword }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const { data } = (await login.json()) as { data: { id: number } };
    for (let i = 0; i < 3; i++) {
      const self = await fetch(`${direct(i)}/api/user/self`, {
        headers: { cookie, 'new-api-user': String(data.id) },
      });
      expect(((await self.json()) as { success: boolean }).success, `instance ${i}`).toBe(true);
    }
  });

  it('makes a change on one instance live on all within a second', async () => {
    // A key disabled through the database and announced by instance 0 stops on 1 and 2.
    const other = await seedToken(seedCtx.ctx, userId);
    for (const i of [1, 2]) expect((await chat(direct(i), other.key)).status).toBe(200);
    const root = await fetch(`${direct(0)}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: rootPassword }),
    });
    const cookie = root.headers.get('set-cookie')!.split(';')[0]!;
    const rootId = ((await root.json()) as { data: { id: number } }).data.id;
    const headers = { cookie, 'new-api-user': String(rootId), 'content-type': 'application/json' };
    // A model price set on instance 0 is on instance 2's pricing page.
    const put = await fetch(`${direct(0)}/api/option/`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ key: 'ModelRatio', value: JSON.stringify({ 'gpt-4o-mini': 7.5 }) }),
    });
    expect(((await put.json()) as { success: boolean }).success).toBe(true);
    const started = Date.now();
    let seen = 0;
    while (Date.now() - started < 1000) {
      const pricing = (await (await fetch(`${direct(2)}/api/pricing`)).json()) as {
        data: Array<{ model_name: string; model_ratio: number }>;
      };
      seen = pricing.data.find((m) => m.model_name === 'gpt-4o-mini')?.model_ratio ?? 0;
      if (seen === 7.5) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toBe(7.5);
    // A channel disabled on instance 1 is out of routing on instance 2.
    const channels = (await (await fetch(`${direct(1)}/api/channel/`, { headers })).json()) as {
      data: { items: Array<{ id: number }> };
    };
    const channelId = channels.data.items[0]!.id;
    await fetch(`${direct(1)}/api/channel/`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ id: channelId, status: 2 }),
    });
    let status = 200;
    const since = Date.now();
    while (Date.now() - since < 1000 && status === 200) {
      status = (await chat(direct(2))).status;
    }
    expect(status).toBe(503);
    await fetch(`${direct(1)}/api/channel/`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ id: channelId, status: 1 }),
    });
    const back = Date.now();
    while (Date.now() - back < 1000 && (await chat(direct(2))).status !== 200);
    expect((await chat(direct(2))).status).toBe(200);
  });

  it("holds a key's rate limit across the instances", async () => {
    const limited = await seedToken(seedCtx.ctx, userId, {
      rateLimit: { count: 4, windowSeconds: 60, message: '' },
    });
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) codes.push((await chat(balancer.url, limited.key)).status);
    expect(codes.filter((c) => c === 200)).toHaveLength(4);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });

  it('survives a Redis restart under load, losing and doubling nothing', async () => {
    let running = true;
    const outcomes: number[] = [];
    const load = (async () => {
      while (running) {
        const res = await chat(balancer.url).catch(() => null);
        outcomes.push(res?.status ?? 0);
        await res?.text().catch(() => undefined);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 500));
    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));
    const during = outcomes.length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    redis = await startRedis(redisPort);
    const restarted = Date.now();
    // The instances find Redis again by themselves.
    let recovered = false;
    while (Date.now() - restarted < 15_000 && !recovered) {
      recovered = (await chat(balancer.url)).status === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    running = false;
    await load;
    expect(recovered).toBe(true);
    // No instance died, and whatever failed failed with an answer.
    for (const child of instances) expect(child.exitCode).toBeNull();
    expect(
      outcomes.slice(during).every((code) => code === 200 || (code >= 400 && code < 600)),
    ).toBe(true);
    // The books: every consume log charged once, balances equal their ledger rows.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await auditLedger(seedCtx.ctx)).toEqual([]);
    void tokenId;
  }, 60_000);

  it('survives a database restart under load, losing and doubling nothing', async () => {
    const before = await auditLedger(seedCtx.ctx);
    expect(before).toEqual([]);
    let running = true;
    const outcomes: number[] = [];
    const load = (async () => {
      while (running) {
        const res = await chat(balancer.url).catch(() => null);
        outcomes.push(res?.status ?? 0);
        await res?.text().catch(() => undefined);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 500));
    dbProxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const during = outcomes.length;
    dbProxy.restore();
    const restored = Date.now();
    let recovered = false;
    while (Date.now() - restored < 20_000 && !recovered) {
      recovered = (await chat(balancer.url)).status === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    running = false;
    await load;
    expect(recovered).toBe(true);
    for (const child of instances) expect(child.exitCode).toBeNull();
    expect(outcomes.every((code) => code === 200 || (code >= 400 && code < 600))).toBe(true);
    expect(outcomes.length).toBeGreaterThan(during);
    // Settlements queued while the database was gone commit once it is back, exactly once.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await auditLedger(seedCtx.ctx)).toEqual([]);
  }, 90_000);
});
