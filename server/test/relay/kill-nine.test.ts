import { LogType } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { freePort } from '../helpers/server-process.js';
import { call, databaseEnv, startServer } from './server-child.js';
import {
  createIsolatedDb,
  createTestContext,
  testDb,
  testRedis,
  type IsolatedDb,
} from '../helpers/test-context.js';
import { seedChannel, seedToken, seedUser } from './relay-fixture.js';

const startingQuota = 1_000_000_000;
const rounds = 3;

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
        // Every row of the ledger chains, every balance is the sum of its rows, and each
        // request's rows come to minus what its consume log charged.
        expect(await auditLedger(ctx)).toEqual([]);
      } finally {
        await ctx.close();
      }
    });
  },
);
