import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { testDb } from '../helpers/test-context.js';
import { seedChannel, seedToken, seedUser } from '../relay/relay-fixture.js';
import {
  balances,
  bookProblems,
  byStatus,
  chatCall,
  clusterable,
  consumeLogs,
  isCleanError,
  prepareCluster,
  sleep,
  steadyLoad,
  waitForRest,
  type Cluster,
  type Outcome,
  tearDown,
} from './cluster.js';

/**
 * A Redis outage under load on three instances: Redis is stopped for a few seconds and started
 * again empty (it keeps nothing on disk). Requests keep being answered while it is gone, no
 * balance goes below 0 however thin, the books stay exact, and the instances recover by
 * themselves once it is back.
 */

/** `fixed` costs $0.001 a call: 500 quota, held and charged exactly. */
const price = 500;
const model = 'fixed';

describe.runIf(clusterable)(`a Redis outage under load on ${testDb}`, () => {
  let cluster: Cluster;
  let up: FakeUpstream;
  /** A caller whose balances cover the whole load, though not by much. */
  let steady: { userId: number; tokenId: number; key: string; quota: number };
  /** A key capped to parallel requests: its admission needs Redis. */
  let cappedKey: string;
  /** Every outcome of every test, for the books at the end. */
  const all: Outcome[] = [];

  beforeAll(async () => {
    up = await startFakeUpstream();
    up.setBehaviour({ latencyMs: 10, chunks: 4, chunkDelayMs: 10 });
    cluster = await prepareCluster();
    const { ctx } = cluster;
    await ctx.settings.set('ModelPrice', JSON.stringify({ [model]: 0.001 }));
    await seedChannel(ctx, { baseUrl: up.url, models: [model] });
    // A few seconds of load are some hundreds of requests: room for 4000.
    const quota = 4000 * price;
    const userId = await seedUser(ctx, { quota });
    const token = await seedToken(ctx, userId, { unlimited: false, remainQuota: quota });
    steady = { userId, tokenId: token.id, key: token.key, quota };
    const rich = await seedUser(ctx, { quota: 1_000_000_000 });
    cappedKey = (await seedToken(ctx, rich, { maxParallel: 50 })).key;
    await cluster.start(3);
  }, 180_000);

  afterAll(() => tearDown(cluster, up), 60_000);

  /** Waits until a request straight to every instance is answered 200; the time it took. */
  async function recovery(key: string, limitMs: number): Promise<number> {
    const since = Date.now();
    for (let i = 0; i < 3; i++) {
      for (;;) {
        const o = await chatCall(cluster.direct(i), key, { model });
        all.push(o);
        if (o.status === 200) break;
        if (Date.now() - since > limitMs) throw new Error(`instance ${i} did not recover`);
        await sleep(200);
      }
    }
    return Date.now() - since;
  }

  it('keeps answering while Redis is gone, and recovers by itself once it is back', async () => {
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    let phase = 'before' as 'before' | 'outage' | 'after';
    const phases: Array<{ phase: typeof phase; outcome: Outcome }> = [];
    const load = steadyLoad(
      10,
      async (client, n) => {
        const at = phase;
        const outcome = await chatCall(cluster.balancer.url, steady.key, {
          model,
          stream: (client + n) % 2 === 0,
        });
        phases.push({ phase: at, outcome });
        return outcome;
      },
      stopped,
    );
    await sleep(1000);
    phase = 'outage';
    await cluster.redis.stop();
    await sleep(3000);
    await cluster.redis.start();
    phase = 'after';
    // Requests that need Redis (a capped key) work again on every instance within seconds.
    expect(await recovery(cappedKey, 10_000)).toBeLessThan(10_000);
    await sleep(1000);
    stop();
    all.push(...(await load));

    for (let i = 0; i < 3; i++) expect(cluster.process(i).exitCode).toBeNull();
    const during = phases.filter((p) => p.phase === 'outage').map((p) => p.outcome);
    expect(during.length).toBeGreaterThan(20);
    // Requests that need nothing from Redis are served throughout, whole; while it is gone a
    // rare one may be refused, with a clean error that is not a server error.
    const failed = phases.filter((p) => !p.outcome.complete);
    expect(failed.filter((p) => p.phase !== 'outage').map((p) => p.outcome.text)).toEqual([]);
    expect(during.filter((o) => !o.complete).length).toBeLessThanOrEqual(during.length * 0.05);
    expect(
      during
        .filter((o) => !o.complete && (o.status === 500 || !isCleanError(o)))
        .map((o) => o.text),
    ).toEqual([]);

    await waitForRest(cluster.ctx);
    expect(await bookProblems(cluster.ctx)).toEqual([]);
    // Each answer charged once, at its price; the balances lost exactly that.
    const served = phases.filter((p) => p.outcome.status === 200).map((p) => p.outcome.requestId);
    const logs = (await consumeLogs(cluster.ctx)).filter((l) => l.user_id === steady.userId);
    expect(logs.map((l) => l.request_id).sort()).toEqual(served.sort());
    expect(logs.filter((l) => Number(l.quota) !== price)).toEqual([]);
    const now = await balances(cluster.ctx, steady.userId, steady.tokenId);
    expect(steady.quota - now.user).toBe(served.length * price);
    expect(steady.quota - now.token).toBe(served.length * price);
  }, 60_000);

  it('never lets a thin balance go below 0 while Redis is gone', async () => {
    const { ctx } = cluster;
    const callers: Array<{ userId: number; tokenId: number; key: string; covers: number }> = [];
    for (let n = 0; n < 3; n++) {
      const userId = await seedUser(ctx, { quota: 5 * price + 250 });
      const token = await seedToken(ctx, userId);
      callers.push({ userId, tokenId: token.id, key: token.key, covers: 5 });
    }
    const keyOwner = await seedUser(ctx, { quota: 1_000_000_000 });
    const thinKey = await seedToken(ctx, keyOwner, { unlimited: false, remainQuota: 4 * price });
    callers.push({ userId: keyOwner, tokenId: thinKey.id, key: thinKey.key, covers: 4 });
    const budgeted = await seedUser(ctx, { quota: 1_000_000_000 });
    await ctx.db
      .updateTable('users')
      .set({ budget_period: 'day', budget_quota: 3 * price })
      .where('id', '=', budgeted)
      .execute();
    const budgetKey = await seedToken(ctx, budgeted);
    callers.push({ userId: budgeted, tokenId: budgetKey.id, key: budgetKey.key, covers: 3 });

    await cluster.redis.stop();
    let outcomes: Outcome[];
    try {
      outcomes = await Promise.all(
        Array.from({ length: 150 }, (_, i) =>
          chatCall(cluster.balancer.url, callers[i % callers.length]!.key, {
            model,
            stream: i % 3 === 0,
          }),
        ),
      );
    } finally {
      await cluster.redis.start();
    }
    all.push(...outcomes);
    // Refused for quota in the OpenAI shape (a limited key that ran dry is marked exhausted,
    // and later requests with it are refused as such).
    const refused = outcomes.filter((o) => o.status !== 200);
    const quotaRefusal = (o: Outcome) =>
      (o.status === 403 && /^(insufficient_|user_budget_exhausted)/.test(o.code ?? '')) ||
      (o.status === 401 && o.code === 'token_exhausted');
    expect(refused.filter((o) => !quotaRefusal(o) || !isCleanError(o))).toEqual([]);
    await waitForRest(cluster.ctx);
    expect(await bookProblems(cluster.ctx)).toEqual([]);
    for (const [n, caller] of callers.entries()) {
      const served = outcomes.filter((o, i) => o.status === 200 && i % callers.length === n);
      expect(served.filter((o) => !o.complete)).toEqual([]);
      expect(served.length, `caller ${n}`).toBe(caller.covers);
    }
  }, 60_000);

  it('answers a capped key while Redis is gone, counting its cap on each instance', async () => {
    await cluster.redis.stop();
    let outcomes: Outcome[];
    try {
      outcomes = await Promise.all(
        Array.from({ length: 6 }, () => chatCall(cluster.balancer.url, cappedKey, { model })),
      );
    } finally {
      await cluster.redis.start();
    }
    all.push(...outcomes);
    await recovery(cappedKey, 10_000);
    for (const o of outcomes) {
      if (o.status === 200) continue;
      expect(isCleanError(o), o.text).toBe(true);
      expect([429, 503], JSON.stringify(byStatus(outcomes))).toContain(o.status);
      expect(Number(o.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expect(outcomes.some((o) => o.status === 200)).toBe(true);
  }, 60_000);

  // A Redis restart loses every hold and liveness key: each instance holds again what its
  // requests in flight hold and says it is alive as soon as it is reconnected, so that neither
  // a new instance nor a sweep offers that balance twice.
  it('gives back no hold of a live instance after a Redis restart', async () => {
    const userId = await seedUser(cluster.ctx, { quota: 10 * price });
    const { key } = await seedToken(cluster.ctx, userId);
    up.setBehaviour({ latencyMs: 6000 });
    let first: Outcome[];
    let second: Outcome[];
    try {
      // Slow answers on instances 0 and 1 hold the whole balance.
      const answers = Promise.all(
        Array.from({ length: 15 }, (_, i) => chatCall(cluster.direct(i % 2), key, { model })),
      );
      await sleep(1000);
      await cluster.redis.stop();
      await cluster.redis.start();
      // Instance 2 is started again, as after a deploy, while Redis has just come back.
      await cluster.kill(2);
      await cluster.restart(2);
      up.setBehaviour({ latencyMs: 10 });
      second = await Promise.all(
        Array.from({ length: 15 }, () => chatCall(cluster.direct(2), key, { model })),
      );
      first = await answers;
    } finally {
      up.setBehaviour({ latencyMs: 10, chunks: 4, chunkDelayMs: 10 });
    }
    all.push(...first, ...second);
    await waitForRest(cluster.ctx);
    expect(await bookProblems(cluster.ctx)).toEqual([]);
    // The balance covers ten answers: ten are served, each charged its price.
    const served = [...first, ...second].filter((o) => o.status === 200);
    expect(served).toHaveLength(10);
    const logs = (await consumeLogs(cluster.ctx)).filter((l) => l.user_id === userId);
    expect(logs.map((l) => Number(l.quota))).toEqual(Array(10).fill(price));
  }, 60_000);

  it('charged each answer of the whole file once', async () => {
    await waitForRest(cluster.ctx);
    expect(await bookProblems(cluster.ctx)).toEqual([]);
    const served = all.filter((o) => o.status === 200).map((o) => o.requestId);
    const logged = (await consumeLogs(cluster.ctx)).map((l) => l.request_id);
    expect(logged.sort()).toEqual(served.sort());
  });
});
