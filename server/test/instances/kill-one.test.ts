import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { testDb } from '../helpers/test-context.js';
import { seedChannel, seedToken, seedUser } from '../relay/relay-fixture.js';
import {
  balances,
  bookProblems,
  chatCall,
  clusterable,
  consumeLogs,
  isCleanError,
  prepareCluster,
  sleep,
  steadyLoad,
  waitForRest,
  type Cluster,
  tearDown,
} from './cluster.js';

/**
 * kill -9 of one of three instances under load: every answer a client received whole is
 * charged exactly once, what the dead instance held for answers it never finished is given
 * back, and nothing is charged twice.
 *
 * An instance's liveness lease in Redis outlives it by up to 30 s; only then may another
 * instance refund what the dead one held (a sweep every minute, and at start). The killed
 * instance is therefore started again once its lease has run out, as an orchestrator's
 * restart would, and its start-up reconciliation gives the holds back.
 */

const startingQuota = 1_000_000_000;
/** The dead instance's lease in Redis, plus a margin. */
const leaseMs = 31_000;

describe.runIf(clusterable)(`kill -9 of one of three instances on ${testDb}`, () => {
  let cluster: Cluster;
  let up: FakeUpstream;
  let userId: number;
  let tokenId: number;
  let key: string;

  beforeAll(async () => {
    up = await startFakeUpstream();
    // Streams take ~200 ms, so that the kill cuts some of them half way.
    up.setBehaviour({ latencyMs: 5, chunks: 10, chunkDelayMs: 20 });
    cluster = await prepareCluster();
    await seedChannel(cluster.ctx, { baseUrl: up.url, models: ['gpt-4o-mini'] });
    userId = await seedUser(cluster.ctx, { quota: startingQuota });
    const token = await seedToken(cluster.ctx, userId, {
      unlimited: false,
      remainQuota: startingQuota,
    });
    tokenId = token.id;
    key = token.key;
    await cluster.start(3);
  }, 180_000);

  afterAll(() => tearDown(cluster, up), 60_000);

  it('charges every whole answer once and gives back what the dead instance held', async () => {
    // Warm the instances up, so that the load is steady when the kill comes.
    const warmUp = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        chatCall(cluster.balancer.url, key, { model: 'gpt-4o-mini', stream: i % 2 === 0 }),
      ),
    );
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const load = steadyLoad(
      50,
      (client, n) =>
        chatCall(cluster.balancer.url, key, {
          model: 'gpt-4o-mini',
          stream: (client + n) % 2 === 0,
        }),
      stopped,
    );
    await sleep(1500);
    await cluster.kill(1);
    const killedAt = Date.now();
    // The balancer sends the rest of the load to the two instances left.
    await sleep(1500);
    stop();
    const outcomes = warmUp.concat(await load);

    const whole = outcomes.filter((o) => o.complete);
    const cut = outcomes.filter((o) => !o.complete);
    expect(whole.length).toBeGreaterThan(30);
    // The kill cut some answers (else this test proves nothing about them).
    expect(cut.length).toBeGreaterThan(0);
    // The instances left never answer with a server error: what failed is what the kill cut
    // (a broken connection, a stream cut short, or the balancer's 502 for a request the dead
    // instance had taken).
    const broken = (o: (typeof cut)[number]) =>
      o.status === 0 || o.status === 200 || (o.status === 502 && o.code === 'balancer');
    expect(cut.filter((o) => !broken(o) && !isCleanError(o)).map((o) => o.text)).toEqual([]);

    await sleep(Math.max(0, killedAt + leaseMs - Date.now()));
    await cluster.restart(1);
    await waitForRest(cluster.ctx, 75_000);

    expect(await bookProblems(cluster.ctx)).toEqual([]);
    const logs = await consumeLogs(cluster.ctx);
    const logged = new Map<string, number>();
    for (const log of logs) logged.set(log.request_id, (logged.get(log.request_id) ?? 0) + 1);
    // Every answer received whole has its consume log, exactly one.
    expect(whole.filter((o) => logged.get(o.requestId!) !== 1)).toEqual([]);
    // What the user and the key lost is what the consume logs charged: a cut answer was
    // charged for what it used, or given back.
    const charged = logs.reduce((sum, l) => sum + Number(l.quota), 0);
    const now = await balances(cluster.ctx, userId, tokenId);
    expect(charged).toBeGreaterThan(0);
    expect(startingQuota - now.user).toBe(charged);
    expect(startingQuota - now.token).toBe(charged);
    // Nothing was charged that no client asked for.
    expect(logs.length).toBeLessThanOrEqual(outcomes.length);
    // The restarted instance serves.
    expect((await chatCall(cluster.direct(1), key, { model: 'gpt-4o-mini' })).status).toBe(200);
  }, 120_000);
});
