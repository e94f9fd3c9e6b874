import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { LogType } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import {
  createIsolatedDb,
  createTestContext,
  testDb,
  testRedis,
  type IsolatedDb,
} from '../helpers/test-context.js';
import { seedChannel, seedToken, seedUser } from './relay-fixture.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const startingQuota = 1_000_000_000;
const rounds = 3;

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The environment that points a server process at the isolated database. */
function databaseEnv(isolated: IsolatedDb): Record<string, string> {
  const env: Record<string, string> = { ...isolated.env };
  delete env.REDIS_CONN_STRING;
  delete env.REDIS_URL;
  if (isolated.pgSchema && env.SQL_DSN) {
    const separator = env.SQL_DSN.includes('?') ? '&' : '?';
    env.SQL_DSN += `${separator}options=${encodeURIComponent(`-c search_path=${isolated.pgSchema}`)}`;
  }
  return env;
}

/** Starts the real entry point and waits until it serves. */
async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SESSION_SECRET: 'kill-nine-session-secret-0123456789',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300 && child.exitCode === null; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/status`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/**
 * One client request; answers its request id when the whole answer arrived (the JSON body
 * parsed, or the stream's final `data: [DONE]` event), null when it did not.
 */
async function call(port: number, key: string, stream: boolean): Promise<string | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        stream,
        messages: [{ role: 'user', content: 'hello there' }],
      }),
    });
    const id = res.headers.get('x-oneapi-request-id');
    const text = await res.text();
    if (res.status !== 200 || !id) return null;
    if (stream) return /(^|\n)data: \[DONE\]/.test(text) ? id : null;
    const body = JSON.parse(text) as { choices?: unknown[] };
    return Array.isArray(body.choices) ? id : null;
  } catch {
    return null;
  }
}

// The server process runs on the matrix's database without Redis, so SQLite runs it once.
describe.runIf(testDb !== 'sqlite' || !testRedis)(
  `kill -9 under load on ${testDb}`,
  { timeout: 120_000 },
  () => {
    let isolated: IsolatedDb;
    let up: FakeUpstream;
    let key: string;
    let userId: number;
    let tokenId: number;

    beforeAll(async () => {
      isolated = await createIsolatedDb();
      up = await startFakeUpstream();
      up.setBehaviour({ latencyMs: 2, chunks: 8, chunkDelayMs: 3 });
      const { ctx } = await createTestContext({ reuse: isolated });
      userId = await seedUser(ctx, { quota: startingQuota });
      const token = await seedToken(ctx, userId, { unlimited: false, remainQuota: startingQuota });
      key = token.key;
      tokenId = token.id;
      await seedChannel(ctx, { baseUrl: up.url, models: ['gpt-4o-mini'] });
      await ctx.close();
    });
    afterAll(async () => {
      await up.close().catch(() => undefined);
      await isolated.drop();
    });

    it('bills every answer received whole exactly once, refunds the rest, charges nothing twice', async () => {
      const env = databaseEnv(isolated);
      const completed = new Set<string>();
      for (let round = 0; round < rounds; round++) {
        const port = await freePort();
        const server = await startServer(env, port);
        let running = true;
        const clients = Array.from({ length: 24 }, async (_, i) => {
          for (let n = 0; running; n++) {
            const id = await call(port, key, (i + n) % 2 === 0);
            if (id) completed.add(id);
          }
        });
        // Let some answers complete, then kill at a different moment each round.
        const before = completed.size;
        for (let waited = 0; completed.size - before < 20 && waited < 15_000; waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await new Promise((resolve) => setTimeout(resolve, 37 + round * 71));
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGKILL');
        await exited;
        running = false;
        await Promise.all(clients);
      }
      // A last start reconciles what the final kill left behind, then stops cleanly.
      const port = await freePort();
      const last = await startServer(env, port);
      const stopped = new Promise((resolve) => last.once('exit', resolve));
      last.kill('SIGTERM');
      await stopped;

      const { ctx } = await createTestContext({ reuse: isolated });
      try {
        const consumed = await ctx.db
          .selectFrom('logs')
          .select(['request_id', 'quota'])
          .where('user_id', '=', userId)
          .where('type', '=', LogType.consume)
          .execute();
        const perRequest = new Map<string, number>();
        for (const log of consumed) {
          perRequest.set(log.request_id, (perRequest.get(log.request_id) ?? 0) + 1);
        }
        expect(completed.size).toBeGreaterThanOrEqual(rounds * 20);
        const unbilled = [...completed].filter((id) => !perRequest.has(id));
        expect(unbilled).toEqual([]);
        expect([...perRequest.values()].filter((n) => n > 1)).toEqual([]);
        expect(await ctx.db.selectFrom('reservations').selectAll().execute()).toEqual([]);

        const charged = consumed.reduce((sum, log) => sum + Number(log.quota), 0);
        const user = await ctx.db
          .selectFrom('users')
          .select(['quota', 'used_quota'])
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        const token = await ctx.db
          .selectFrom('tokens')
          .select(['remain_quota'])
          .where('id', '=', tokenId)
          .executeTakeFirstOrThrow();
        expect(charged).toBeGreaterThan(0);
        expect(startingQuota - Number(user.quota)).toBe(charged);
        expect(Number(user.used_quota)).toBe(charged);
        expect(startingQuota - Number(token.remain_quota)).toBe(charged);
      } finally {
        await ctx.close();
      }
    });
  },
);
