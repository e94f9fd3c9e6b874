import { LogType } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { freePort, waitUntilNotServing } from '../helpers/server-process.js';
import {
  createIsolatedDb,
  createTestContext,
  testDb,
  testRedis,
  type IsolatedDb,
} from '../helpers/test-context.js';
import { seedChannel, seedToken, seedUser } from './relay-fixture.js';
import { call, databaseEnv, startServer } from './server-child.js';

/**
 * SIGTERM with answers in flight: the server stops taking connections, lets the streams
 * finish, commits every charge and log, and exits 0 — every answer the clients received is
 * billed once and no reservation is left for the next start to refund.
 */
describe.runIf(testDb !== 'sqlite' || !testRedis)(
  `graceful shutdown on ${testDb}`,
  { timeout: 60_000 },
  () => {
    let isolated: IsolatedDb;
    let up: FakeUpstream;
    let key: string;
    let userId: number;

    beforeAll(async () => {
      isolated = await createIsolatedDb();
      up = await startFakeUpstream();
      // Each answer takes about two seconds: 20 chunks, 100 ms apart.
      up.setBehaviour({ latencyMs: 5, chunks: 20, chunkDelayMs: 100 });
      const { ctx } = await createTestContext({ reuse: isolated });
      userId = await seedUser(ctx, { quota: 1_000_000_000 });
      key = (await seedToken(ctx, userId, { unlimited: false, remainQuota: 1_000_000_000 })).key;
      await seedChannel(ctx, { baseUrl: up.url, models: ['gpt-4o-mini'] });
      await ctx.close();
    });
    afterAll(async () => {
      await up.close().catch(() => undefined);
      await isolated.drop();
    });

    it('finishes the answers in flight, bills each once and exits cleanly', async () => {
      const port = await freePort();
      const server = await startServer(databaseEnv(isolated), port);
      const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
      const asked = up.requests.length;
      const inFlight = Array.from({ length: 12 }, (_, i) => call(port, key, i % 3 !== 0));
      // Signalled once all twelve are in flight (each has reached the upstream): a fixed wait
      // was too short on a loaded slow machine, where a request still on its way was refused.
      for (let i = 0; i < 300 && up.requests.length < asked + 12; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      server.kill('SIGTERM');
      // The server takes the signal once its event loop gets to it (on a loaded machine, with
      // twelve answers starting, that has taken over 200 ms).
      await waitUntilNotServing(port);
      // New connections are refused while the last answers finish.
      expect(await call(port, key, false)).toBeNull();
      const answered = await Promise.all(inFlight);
      expect(await exited).toBe(0);
      expect(answered.every((id) => id !== null)).toBe(true);

      const { ctx } = await createTestContext({ reuse: isolated, deferBillingStart: true });
      try {
        const consumed = await ctx.db
          .selectFrom('logs')
          .select('request_id')
          .where('user_id', '=', userId)
          .where('type', '=', LogType.consume)
          .execute();
        expect(consumed.map((l) => l.request_id).sort()).toEqual([...answered].sort());
        expect(await ctx.db.selectFrom('reservations').selectAll().execute()).toEqual([]);
        expect(await auditLedger(ctx)).toEqual([]);
      } finally {
        await ctx.close();
      }
    });
  },
);
