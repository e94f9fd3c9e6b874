import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, testRedis } from '../helpers/test-context.js';
import type { IoCounters } from '../../src/lib/io-counters.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

/** What one warm request may cost at most: before its upstream call, and in all. */
interface Bounds {
  /** Database round trips before the upstream call. */
  dbBefore: number;
  /** Redis round trips before the upstream call (with Redis), its admission checks included. */
  redisBefore: number;
  /** Database round trips in all, the settlement of the request alone included. */
  dbRoundTrips: number;
  transactions: number;
  /** Redis round trips in all (with Redis). */
  redisRoundTrips: number;
}

/**
 * Regression bounds: what a warm request costs, per engine and with or without Redis. On
 * SQLite the hold is in memory and nothing waits for the database; on PostgreSQL and MySQL
 * with Redis the hold is one Redis script (with the admission checks) and the settlement one
 * message, then one script lets go of the hold; without Redis, a reservation transaction
 * precedes the call.
 */
const bounds: Record<'sqlite' | 'shared', Record<'redis' | 'none', Bounds>> = {
  sqlite: {
    none: { dbBefore: 0, redisBefore: 0, dbRoundTrips: 0, transactions: 1, redisRoundTrips: 0 },
    redis: { dbBefore: 0, redisBefore: 1, dbRoundTrips: 0, transactions: 1, redisRoundTrips: 1 },
  },
  shared: {
    none: { dbBefore: 7, redisBefore: 0, dbRoundTrips: 16, transactions: 2, redisRoundTrips: 0 },
    redis: { dbBefore: 0, redisBefore: 1, dbRoundTrips: 1, transactions: 1, redisRoundTrips: 2 },
  },
};
const expected = bounds[testDb === 'sqlite' ? 'sqlite' : 'shared'][testRedis ? 'redis' : 'none'];

/** What a request cost: the counters' growth while it ran and its settlement committed. */
type Cost = Omit<IoCounters, 'statement' | 'timeStatement' | 'pipelined' | 'exposition'>;

const fields: Array<keyof Cost> = [
  'statements',
  'dbRoundTrips',
  'transactions',
  'dbWaitMs',
  'poolAcquires',
  'poolWaitMs',
  'redisRoundTrips',
  'redisWaitMs',
];

const ask = (extra: Record<string, unknown> = {}) => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'Hi' }],
  ...extra,
});

describe(`database and Redis I/O of one relayed request on ${testDb}${testRedis ? ' + Redis' : ''}`, () => {
  let r: RelayTest;
  const measured: Array<[string, Cost]> = [];

  beforeAll(async () => {
    r = await startRelayTest();
    await r.channel({ models: ['gpt-4o-mini'] });
  });
  afterAll(async () => {
    // Printed for whoever tightens the bounds above.
    console.log(`I/O per request on ${testDb}${testRedis ? ' + Redis' : ''}:`);
    console.table(
      Object.fromEntries(
        measured.map(([name, cost]) => [
          name,
          Object.fromEntries(fields.map((f) => [f, Math.round(cost[f] * 100) / 100])),
        ]),
      ),
    );
    await r.cleanup();
  });

  /** The counters now. */
  const snapshot = () => {
    const io = r.ctx.metrics.io;
    return Object.fromEntries(fields.map((f) => [f, io[f]])) as Cost;
  };
  const grownSince = (before: Cost) => {
    const now = snapshot();
    return Object.fromEntries(fields.map((f) => [f, now[f] - before[f]])) as Cost;
  };

  /**
   * Sends one request and returns what the counters grew by before the upstream received it
   * (the upstream waits a moment before answering) and in all, its settlement committed.
   */
  async function once(
    body: Record<string, unknown>,
    key?: string,
  ): Promise<{ before: Cost; all: Cost }> {
    await r.ctx.billing.flush();
    r.up.setBehaviour({ latencyMs: 150 });
    const seen = r.up.requests.length;
    const start = snapshot();
    const headers = key ? { authorization: `Bearer ${key}` } : undefined;
    const answer = r.post('/v1/chat/completions', body, headers);
    while (r.up.requests.length === seen) await new Promise((done) => setTimeout(done, 5));
    const before = grownSince(start);
    const res = await answer;
    expect(res.statusCode).toBe(200);
    await r.ctx.billing.flush();
    const all = grownSince(start);
    r.up.setBehaviour({});
    return { before, all };
  }

  /**
   * The least each counter grew by over three requests alike (work of the process's own, such
   * as a low-balance check after an earlier settlement, may fall into one request's window).
   */
  async function cost(name: string, body: Record<string, unknown>, key?: string) {
    const runs = [await once(body, key), await once(body, key), await once(body, key)];
    const least = (part: 'before' | 'all') =>
      Object.fromEntries(
        fields.map((f) => [f, Math.min(...runs.map((run) => run[part][f]))]),
      ) as Cost;
    const result = { before: least('before'), all: least('all') };
    measured.push([`${name}: before the upstream`, result.before], [`${name}: in all`, result.all]);
    return result;
  }

  const withinBounds = ({ before, all }: { before: Cost; all: Cost }) => {
    expect(before.dbRoundTrips).toBeLessThanOrEqual(expected.dbBefore);
    expect(before.redisRoundTrips).toBeLessThanOrEqual(expected.redisBefore);
    expect(all.dbRoundTrips).toBeLessThanOrEqual(expected.dbRoundTrips);
    expect(all.transactions).toBeLessThanOrEqual(expected.transactions);
    expect(all.redisRoundTrips).toBeLessThanOrEqual(expected.redisRoundTrips);
    expect(all.statements).toBeGreaterThan(0);
    if (testDb !== 'sqlite') expect(all.dbWaitMs).toBeGreaterThan(0);
  };

  it('counts the first request (caches filling) within a ceiling', async () => {
    const { all } = await once(ask());
    expect(all.dbRoundTrips).toBeLessThan(25);
    expect(all.redisRoundTrips).toBeLessThan(5);
  });

  it('counts a warm non-stream request within the bounds', async () => {
    // Two more first: the second request still opens a pool connection or fills a cache.
    for (let i = 0; i < 2; i++) await r.post('/v1/chat/completions', ask());
    withinBounds(await cost('non-stream', ask()));
  });

  it('counts a warm stream request within the bounds', async () => {
    withinBounds(
      await cost('stream', ask({ stream: true, stream_options: { include_usage: true } })),
    );
  });

  it("runs a key's rate limit, parallel cap and tokens-per-minute cap in the same round trip", async () => {
    const caller = await r.newCaller(10_000_000, {
      rateLimit: { count: 100, windowSeconds: 60, message: '' },
      maxParallel: 5,
      tpmLimit: 1_000_000,
    });
    await r.post('/v1/chat/completions', ask(), { authorization: `Bearer ${caller.key}` });
    const capped = await cost('with caps', ask(), caller.key);
    expect(capped.before.redisRoundTrips).toBeLessThanOrEqual(expected.redisBefore);
    expect(capped.before.dbRoundTrips).toBeLessThanOrEqual(expected.dbBefore);
  });

  it.runIf(testRedis)(
    'counts a command, an EVAL and a MULTI/EXEC block one round trip each',
    async () => {
      const io = r.ctx.metrics.io;
      const before = io.redisRoundTrips;
      await r.ctx.shared.get('io-counts:get');
      expect(io.redisRoundTrips - before).toBe(1);
      await r.ctx.shared.enter('io-counts:slots', 5, 10); // EVAL
      expect(io.redisRoundTrips - before).toBe(2);
      await r.ctx.shared.hit('io-counts:hits', 10); // MULTI, INCRBY, EXPIRE, EXEC
      expect(io.redisRoundTrips - before).toBe(3);
      expect(io.redisWaitMs).toBeGreaterThan(0);
    },
  );

  it('serves the counters at /metrics', async () => {
    const io = r.ctx.metrics.io;
    const before = { ...io };
    const res = await r.app.inject({ method: 'GET', url: '/metrics' });
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(res.body)?.[1]);
    // Between the values before and after the scrape (a heartbeat may run meanwhile).
    // Times are written in seconds to the microsecond.
    const between = (name: string, field: keyof Cost, scale = 1) => {
      const rounding = scale === 1 ? 0 : 1e-6;
      expect(value(name)).toBeGreaterThanOrEqual(before[field] / scale - rounding);
      expect(value(name)).toBeLessThanOrEqual(io[field] / scale + rounding);
    };
    between('gateway_db_statements_total', 'statements');
    between('gateway_db_transactions_total', 'transactions');
    between('gateway_db_wait_seconds_total', 'dbWaitMs', 1000);
    between('gateway_db_pool_wait_seconds_total', 'poolWaitMs', 1000);
    between('gateway_redis_round_trips_total', 'redisRoundTrips');
    between('gateway_redis_wait_seconds_total', 'redisWaitMs', 1000);
    expect(value('gateway_db_statements_total')).toBeGreaterThan(0);
  });
});
