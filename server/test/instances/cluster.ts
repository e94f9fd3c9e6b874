import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { createServer as createNetServer, Socket, type AddressInfo } from 'node:net';
import { LogType } from '@gateway/shared';
import type { AppContext } from '../../src/context.js';
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
import { databaseEnv, startServer } from '../relay/server-child.js';

/**
 * Several real server processes on one database (PostgreSQL or MySQL) and one private Redis,
 * behind a small round-robin balancer, for the tests of what instances share. The test owns
 * the Redis (it can stop and start it) and reaches the instances' database through a TCP proxy
 * it can cut, so that outages touch nothing outside the test. Tests talk to the instances over
 * HTTP and read the books from the database only: they hold whatever the money path does
 * inside.
 */

/** Whether the engine under test can run several instances (a shared database and Redis). */
export const clusterable = testDb !== 'sqlite' && testRedis;

const rootPassword = 'instances-root-pass';

/** Waits until something accepts TCP connections on `port` (up to `attempts` × 50 ms). */
async function waitForPort(port: number, attempts = 100): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (up) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** Resolves once `child` has exited (at once when it has already). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A private Redis the test can stop and start; a restart loses all data (nothing persisted). */
export interface PrivateRedis {
  port: number;
  url: string;
  /** Kills the server (SIGKILL, as a crash) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const redis: PrivateRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      if (!(await waitForPort(port))) throw new Error('redis-server did not start');
    },
    async stop() {
      if (!child) return;
      const running = child;
      child = undefined;
      running.kill('SIGKILL');
      await exited(running);
    },
  };
  await redis.start();
  return redis;
}

/**
 * A TCP proxy to the database that the test can cut (every connection dropped, new ones
 * refused) and restore, to stand for a database restart without touching the shared server.
 */
export interface DbProxy {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startDbProxy(target: number): Promise<DbProxy> {
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A round-robin HTTP balancer over `ports` (read at each request, so an instance restarted on
 * another port is picked up). Like a real balancer it tries the next instance when one refuses
 * the connection (a killed instance), and it cuts the client's answer when the instance's
 * answer breaks off, so that the client sees exactly what an instance delivered.
 */
export interface Balancer {
  url: string;
  close(): Promise<void>;
}

export async function startBalancer(ports: readonly number[]): Promise<Balancer> {
  let next = 0;
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const body = Buffer.concat(parts);
      const attempt = (left: number) => {
        const port = ports[next++ % ports.length]!;
        const upstream = request(
          { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            answer.on('error', () => res.destroy());
            answer.on('aborted', () => res.destroy());
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (res.headersSent) return res.destroy();
          if (error.code === 'ECONNREFUSED' && left > 1) return attempt(left - 1);
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end('{"error":{"message":"balancer: instance unreachable","code":"balancer"}}');
        });
        res.on('close', () => {
          if (!res.writableFinished) upstream.destroy();
        });
        upstream.end(body);
      };
      attempt(ports.length);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Instances on one private database and Redis; see `prepareCluster`. */
export interface Cluster {
  isolated: IsolatedDb;
  /**
   * A context on the cluster's database and Redis for seeding and reading the books. It is
   * not an instance: it serves nothing and runs no billing (no reconciliation, no liveness).
   */
  ctx: AppContext;
  redis: PrivateRedis;
  dbProxy: DbProxy;
  /** The balancer over the running instances (once `start` has run). */
  balancer: Balancer;
  /** Each instance's port, in order (a restarted instance keeps its port). */
  ports: number[];
  /** The environment every instance gets. */
  env: Record<string, string>;
  /** The console's root password (created at the first start). */
  rootPassword: string;
  /** Starts `count` instances and the balancer over them. */
  start(count: number): Promise<void>;
  /** The base URL of instance `i`, bypassing the balancer. */
  direct(i: number): string;
  /** The process of instance `i`. */
  process(i: number): ChildProcess;
  /** Kills instance `i` with SIGKILL (a crash) and waits for it to be gone. */
  kill(i: number): Promise<void>;
  /** Starts instance `i` again: a new process on its port, same database and Redis. */
  restart(i: number): Promise<void>;
  /** Stops every instance with SIGTERM (answers finish, settlements commit) and waits. */
  stop(): Promise<void>;
  /** Stops everything and drops the database; safe after a partial start. */
  close(): Promise<void>;
}

/**
 * A private database, a private Redis, a database proxy and a seeding context; call `start`
 * once the test has seeded what the instances must see at boot (settings, channels).
 */
export async function prepareCluster(): Promise<Cluster> {
  const isolated = await createIsolatedDb();
  const processes: ChildProcess[] = [];
  const ports: number[] = [];
  let redis: PrivateRedis | undefined;
  let dbProxy: DbProxy | undefined;
  let balancer: Balancer | undefined;
  let seeding: TestContext | undefined;
  const close = async () => {
    for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all(processes.map(exited));
    await balancer?.close();
    await seeding?.cleanup().catch(() => undefined);
    await redis?.stop();
    await dbProxy?.close();
    await isolated.drop();
  };
  try {
    redis = await startPrivateRedis();
    // The instances reach the database through a proxy the test can cut.
    const database = databaseEnv(isolated);
    const target = new URL(database.SQL_DSN!);
    dbProxy = await startDbProxy(Number(target.port || (testDb === 'mysql' ? 3306 : 5432)));
    target.port = String(dbProxy.port);
    const env = {
      ...database,
      SQL_DSN: target.toString(),
      REDIS_CONN_STRING: redis.url,
      INITIAL_ROOT_PASSWORD: rootPassword,
    };
    // The seeding context shares the instances' Redis without a key prefix, so that what it
    // changes (settings, keys, users) is announced to them as any instance would.
    seeding = await createTestContext({
      reuse: {
        ...isolated,
        redisPrefix: '',
        env: { ...isolated.env, REDIS_CONN_STRING: redis.url },
      },
      deferBillingStart: true,
    });
    const spawnAt = async (port: number) => {
      const child = await startServer(env, port);
      processes.push(child);
      return child;
    };
    const running: ChildProcess[] = [];
    const cluster: Cluster = {
      isolated,
      ctx: seeding.ctx,
      redis,
      dbProxy,
      get balancer() {
        if (!balancer) throw new Error('the cluster is not started');
        return balancer;
      },
      ports,
      env,
      rootPassword,
      async start(count) {
        for (let i = 0; i < count; i++) {
          const port = await freePort();
          ports.push(port);
          running.push(await spawnAt(port));
        }
        balancer = await startBalancer(ports);
      },
      direct: (i) => `http://127.0.0.1:${ports[i]}`,
      process: (i) => running[i]!,
      async kill(i) {
        running[i]!.kill('SIGKILL');
        await exited(running[i]!);
      },
      async restart(i) {
        running[i] = await spawnAt(ports[i]!);
      },
      async stop() {
        for (const child of running) if (child.exitCode === null) child.kill('SIGTERM');
        await Promise.all(running.map(exited));
      },
      close,
    };
    return cluster;
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** What a client got for one relay request. */
export interface Outcome {
  /** HTTP status; 0 when the connection failed before an answer. */
  status: number;
  /** The gateway's request id (`x-oneapi-request-id`), when it answered. */
  requestId: string | null;
  /** A 200 received whole: the JSON body with its choices, or a stream up to `data: [DONE]`. */
  complete: boolean;
  /** An error answer's `error.code` and `error.type` (OpenAI shape), when it had one. */
  code?: string;
  type?: string;
  retryAfter: string | null;
  /** The body as received (possibly cut). */
  text: string;
}

/** Options of one chat completion request. */
export interface ChatOptions {
  model: string;
  stream?: boolean;
  maxTokens?: number;
}

/** Sends one chat completion with `key` to `base` and reports what came back. */
export async function chatCall(base: string, key: string, options: ChatOptions): Promise<Outcome> {
  let status = 0;
  let requestId: string | null = null;
  let retryAfter: string | null = null;
  let text = '';
  try {
    const res = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: options.model,
        stream: options.stream ?? false,
        ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
        messages: [{ role: 'user', content: 'hello there' }],
      }),
    });
    status = res.status;
    requestId = res.headers.get('x-oneapi-request-id');
    retryAfter = res.headers.get('retry-after');
    text = await res.text();
  } catch {
    // A connection that failed or broke off: whatever arrived is all the client has.
  }
  const outcome: Outcome = { status, requestId, complete: false, retryAfter, text };
  if (status === 200) {
    outcome.complete = options.stream
      ? /(^|\n)data: \[DONE\]/.test(text)
      : Array.isArray(parseJson<{ choices?: unknown }>(text)?.choices);
  } else {
    const error = parseJson<{ error?: { code?: unknown; type?: unknown } }>(text)?.error;
    if (typeof error?.code === 'string') outcome.code = error.code;
    if (typeof error?.type === 'string') outcome.type = error.type;
  }
  return outcome;
}

function parseJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** Counts outcomes by status, e.g. `{ 200: 12, 403: 4 }`. */
export function byStatus(outcomes: Outcome[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const o of outcomes) counts[o.status] = (counts[o.status] ?? 0) + 1;
  return counts;
}

/**
 * Whether an error answer is one a client can handle: the OpenAI error shape with a code, and
 * no stack trace or internal detail in it.
 */
export function isCleanError(o: Outcome): boolean {
  return (
    o.status >= 400 &&
    typeof o.code === 'string' &&
    typeof o.type === 'string' &&
    !/\n\s+at |node_modules|\.ts:\d+/.test(o.text)
  );
}

/**
 * Runs `clients` loops, each calling `call` again as soon as it returns, until `until`
 * resolves; returns every outcome.
 */
export async function steadyLoad(
  clients: number,
  call: (client: number, n: number) => Promise<Outcome>,
  until: Promise<unknown>,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let running = true;
  void until.then(() => (running = false));
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; running; n++) outcomes.push(await call(client, n));
    }),
  );
  return outcomes;
}

/** Stops the instances and closes the cluster and the upstream (an `afterAll`). */
export async function tearDown(
  cluster: Cluster | undefined,
  upstream: { close(): Promise<void> } | undefined,
): Promise<void> {
  await cluster?.stop();
  await cluster?.close();
  await upstream?.close();
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the books are at rest: no quota held for a request in flight (reservation rows)
 * and the balances and log rows unchanged between two reads. Fails after `timeoutMs`.
 */
export async function waitForRest(ctx: AppContext, timeoutMs = 20_000): Promise<void> {
  const snapshot = async () => {
    const held = await ctx.db
      .selectFrom('reservations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const users = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.sum<number>('quota').as('sum'))
      .executeTakeFirstOrThrow();
    const tokens = await ctx.db
      .selectFrom('tokens')
      .select((eb) => eb.fn.sum<number>('remain_quota').as('sum'))
      .executeTakeFirstOrThrow();
    const logs = await ctx.db
      .selectFrom('logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return {
      held: Number(held.n),
      state: `${users.sum}/${tokens.sum}/${logs.n}`,
    };
  };
  const started = Date.now();
  let last = await snapshot();
  for (;;) {
    await sleep(300);
    const now = await snapshot();
    if (now.held === 0 && last.held === 0 && now.state === last.state) return;
    if (Date.now() - started > timeoutMs) {
      const left = await ctx.db.selectFrom('reservations').selectAll().execute();
      const logged = await ctx.db
        .selectFrom('logs')
        .select(['request_id', 'type', 'quota'])
        .where('request_id', 'in', left.map((r) => r.id).concat(['']))
        .execute();
      throw new Error(
        `the books did not come to rest: ${now.held} holds left ${JSON.stringify(left)}, their logs ${JSON.stringify(logged)}`,
      );
    }
    last = now;
  }
}

/**
 * What an auditor would object to in the books once they are at rest: the ledger audit (every
 * balance is the sum of its rows, each request's rows come to minus its consume log), a
 * balance below 0, a budget counted past its quota, and a request charged twice.
 */
export async function bookProblems(ctx: AppContext): Promise<string[]> {
  const problems = await auditLedger(ctx);
  for (const user of await ctx.db
    .selectFrom('users')
    .select(['id', 'quota', 'budget_quota', 'budget_used'])
    .execute()) {
    if (Number(user.quota) < 0) problems.push(`user ${user.id}: balance ${user.quota}`);
    if (Number(user.budget_quota) > 0 && Number(user.budget_used) > Number(user.budget_quota)) {
      problems.push(`user ${user.id}: budget ${user.budget_used} of ${user.budget_quota} used`);
    }
  }
  for (const token of await ctx.db
    .selectFrom('tokens')
    .select(['id', 'remain_quota', 'unlimited_quota', 'budget_quota', 'budget_used'])
    .execute()) {
    if (Number(token.remain_quota) < 0) {
      problems.push(`key ${token.id}: remaining ${token.remain_quota}`);
    }
    if (Number(token.budget_quota) > 0 && Number(token.budget_used) > Number(token.budget_quota)) {
      problems.push(`key ${token.id}: budget ${token.budget_used} of ${token.budget_quota} used`);
    }
  }
  const seen = new Set<string>();
  for (const log of await consumeLogs(ctx)) {
    if (seen.has(log.request_id)) problems.push(`request ${log.request_id} logged twice`);
    seen.add(log.request_id);
  }
  return problems;
}

/** Every consume log row: what each answered request was charged. */
export function consumeLogs(ctx: AppContext) {
  return ctx.db
    .selectFrom('logs')
    .select(['request_id', 'user_id', 'token_id', 'quota'])
    .where('type', '=', LogType.consume)
    .execute();
}

/** A user's balance and budget count, and a key's (when given). */
export async function balances(ctx: AppContext, userId: number, tokenId?: number) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['quota', 'budget_used'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const token = tokenId
    ? await ctx.db
        .selectFrom('tokens')
        .select(['remain_quota', 'budget_used'])
        .where('id', '=', tokenId)
        .executeTakeFirstOrThrow()
    : undefined;
  return {
    user: Number(user.quota),
    userBudgetUsed: Number(user.budget_used),
    token: Number(token?.remain_quota ?? 0),
    tokenBudgetUsed: Number(token?.budget_used ?? 0),
  };
}

/** Signs in as root on `base`; returns the console headers. */
export async function rootHeaders(base: string, password: string) {
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const { data } = (await login.json()) as { data: { id: number } };
  return { cookie, 'new-api-user': String(data.id), 'content-type': 'application/json' };
}
