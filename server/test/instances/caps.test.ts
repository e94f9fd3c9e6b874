import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  awayFromMinuteEnd,
  startCountingUpstream,
  type CountingUpstream,
} from '../helpers/counting-upstream.js';
import { testDb } from '../helpers/test-context.js';
import { seedChannel, seedToken, seedUser } from '../relay/relay-fixture.js';
import {
  bookProblems,
  byStatus,
  chatCall,
  clusterable,
  consumeLogs,
  isCleanError,
  prepareCluster,
  waitForRest,
  type Cluster,
  type Outcome,
  tearDown,
} from './cluster.js';

/**
 * Admission caps over three instances: a channel's requests in flight and per minute, and a
 * key's parallel requests, are counted once for all instances. A slow upstream counts what is
 * really in flight at once; whatever the caps turn away gets a 429 with `Retry-After`.
 */

describe.runIf(clusterable)(`caps exact across three instances on ${testDb}`, () => {
  let cluster: Cluster;
  let up: CountingUpstream;
  let key: string;
  let parallelKey: string;
  /** Every outcome of every test, for the books at the end. */
  const all: Outcome[] = [];

  beforeAll(async () => {
    up = await startCountingUpstream();
    cluster = await prepareCluster();
    const { ctx } = cluster;
    // One channel per model and cap; no retry elsewhere, so a full cap is the client's 429.
    await ctx.settings.set('RetryTimes', '0');
    await ctx.settings.set(
      'ModelRatio',
      JSON.stringify({ 'cap-concurrency': 0.075, 'cap-rpm': 0.075, 'cap-open': 0.075 }),
    );
    await seedChannel(ctx, {
      baseUrl: up.url,
      models: ['cap-concurrency'],
      key: 'sk-concurrency-4',
      maxConcurrency: 4,
    });
    await seedChannel(ctx, { baseUrl: up.url, models: ['cap-rpm'], key: 'sk-rpm-6', maxRpm: 6 });
    await seedChannel(ctx, { baseUrl: up.url, models: ['cap-open'], key: 'sk-open' });
    const userId = await seedUser(ctx, { quota: 1_000_000_000 });
    key = (await seedToken(ctx, userId)).key;
    parallelKey = (await seedToken(ctx, userId, { maxParallel: 3 })).key;
    await cluster.start(3);
  }, 180_000);

  afterEach(() => {
    up.reset();
    up.latencyMs = 40;
  });

  afterAll(() => tearDown(cluster, up), 60_000);

  /** `n` requests at once through the balancer, every other one streamed. */
  async function burst(n: number, model: string, withKey = key): Promise<Outcome[]> {
    const outcomes = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        chatCall(cluster.balancer.url, withKey, { model, stream: i % 2 === 1 }),
      ),
    );
    all.push(...outcomes);
    return outcomes;
  }

  /** Every refusal is a clean 429 with `code` and a `Retry-After` in whole seconds. */
  function expectRefusals(outcomes: Outcome[], code: string, maxRetryAfter: number) {
    const refused = outcomes.filter((o) => o.status !== 200);
    expect(refused.filter((o) => o.status !== 429 || !isCleanError(o))).toEqual([]);
    for (const o of refused) {
      expect(o.code).toBe(code);
      expect(o.type).toBe('rate_limit_error');
      const seconds = Number(o.retryAfter);
      expect(Number.isInteger(seconds)).toBe(true);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(maxRetryAfter);
    }
  }

  /** A request straight to each instance succeeds: no slot stayed taken anywhere. */
  async function expectEveryInstanceServes(model: string, withKey = key) {
    for (let i = 0; i < 3; i++) {
      const o = await chatCall(cluster.direct(i), withKey, { model });
      all.push(o);
      expect(o.status, `instance ${i}: ${o.text.slice(0, 200)}`).toBe(200);
    }
  }

  it("never has more than a channel's concurrency cap in flight over all instances", async () => {
    up.latencyMs = 400;
    const outcomes = await burst(60, 'cap-concurrency');
    const served = outcomes.filter((o) => o.status === 200);
    expect(up.peak.get('sk-concurrency-4')).toBeLessThanOrEqual(4);
    expect(served.length).toBe(up.served.get('sk-concurrency-4'));
    expect(served.length).toBeGreaterThanOrEqual(4);
    expect(served.filter((o) => !o.complete)).toEqual([]);
    expectRefusals(outcomes, 'channel_capacity_full', 1);
    await expectEveryInstanceServes('cap-concurrency');
  });

  it("never has more than a key's parallel cap in flight over all instances", async () => {
    up.latencyMs = 400;
    const outcomes = await burst(45, 'cap-open', parallelKey);
    const served = outcomes.filter((o) => o.status === 200);
    expect(up.peak.get('sk-open')).toBeLessThanOrEqual(3);
    expect(served.length).toBe(up.served.get('sk-open'));
    expect(served.length).toBeGreaterThanOrEqual(3);
    expectRefusals(outcomes, 'token_parallel_limited', 1);
    await expectEveryInstanceServes('cap-open', parallelKey);
  });

  it("admits exactly a channel's requests per minute over all instances", async () => {
    up.latencyMs = 0;
    await awayFromMinuteEnd();
    const outcomes = await burst(24, 'cap-rpm');
    expect(byStatus(outcomes)).toEqual({ 200: 6, 429: 18 });
    expect(up.served.get('sk-rpm-6')).toBe(6);
    expectRefusals(outcomes, 'channel_capacity_full', 60);
  });

  it('charges exactly the answers the caps let through, once each', async () => {
    await waitForRest(cluster.ctx);
    expect(await bookProblems(cluster.ctx)).toEqual([]);
    const served = all.filter((o) => o.status === 200).map((o) => o.requestId);
    const logged = (await consumeLogs(cluster.ctx)).map((l) => l.request_id);
    expect(logged.sort()).toEqual(served.sort());
  });
});
