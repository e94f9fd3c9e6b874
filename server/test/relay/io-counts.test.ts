import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, testRedis } from '../helpers/test-context.js';
import type { IoCounters } from '../../src/lib/io-counters.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

/** The counts a request may cost at most; `null` leaves a count unchecked. */
interface Bounds {
  statements: number;
  transactions: number;
  redisRoundTrips: number | null;
}

/**
 * Upper bounds on what one relayed request costs, per engine (Redis ones apply with
 * TEST_REDIS=1). Sane ceilings for now, to be tightened into regression bounds: the test
 * prints what each request measured. Measured when written, a warm non-stream request with its
 * settlement: SQLite 10 statements in 1 transaction; PostgreSQL 15 in 2 (a reservation's
 * transaction, then the settlement's); MySQL 14 in 2; no Redis round trip on any engine (no
 * rate limit or cap is set).
 */
const bounds: Record<typeof testDb, Bounds> = {
  sqlite: { statements: 40, transactions: 10, redisRoundTrips: 20 },
  postgres: { statements: 40, transactions: 10, redisRoundTrips: 20 },
  mysql: { statements: 40, transactions: 10, redisRoundTrips: 20 },
};

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

  /** Sends one request, waits for its settlement, and returns what the counters grew by. */
  async function cost(name: string, body: Record<string, unknown>): Promise<Cost> {
    const io = r.ctx.metrics.io;
    const before = Object.fromEntries(fields.map((f) => [f, io[f]])) as Cost;
    const res = await r.post('/v1/chat/completions', body);
    expect(res.statusCode).toBe(200);
    await r.ctx.billing.flush();
    const grown = Object.fromEntries(fields.map((f) => [f, io[f] - before[f]])) as Cost;
    measured.push([name, grown]);
    return grown;
  }

  const withinBounds = (c: Cost) => {
    const b = bounds[testDb];
    expect(c.statements).toBeGreaterThan(0);
    expect(c.statements).toBeLessThan(b.statements);
    expect(c.transactions).toBeLessThan(b.transactions);
    if (testDb !== 'sqlite') expect(c.dbWaitMs).toBeGreaterThan(0);
    // A request without rate limits or caps may need no Redis at all: only a ceiling here.
    if (!testRedis) expect(c.redisRoundTrips).toBe(0);
    else if (b.redisRoundTrips !== null) expect(c.redisRoundTrips).toBeLessThan(b.redisRoundTrips);
  };

  it('counts the first request (caches filling) within the bounds', async () => {
    withinBounds(await cost('first, non-stream', ask()));
  });

  it('counts a non-stream request within the bounds', async () => {
    // Two more first: the second request still opens a pool connection or fills a cache.
    for (let i = 0; i < 2; i++) await r.post('/v1/chat/completions', ask());
    await r.ctx.billing.flush();
    withinBounds(await cost('non-stream', ask()));
  });

  it('counts a stream request within the bounds', async () => {
    withinBounds(
      await cost('stream', ask({ stream: true, stream_options: { include_usage: true } })),
    );
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
