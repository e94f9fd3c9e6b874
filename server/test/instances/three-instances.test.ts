import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { auditLedger } from '../helpers/ledger-audit.js';
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
  rootHeaders,
  sleep,
  steadyLoad,
  waitForRest,
  type Cluster,
  type Outcome,
  tearDown,
} from './cluster.js';

const startingQuota = 1_000_000_000;

/**
 * Three real server processes on one PostgreSQL or MySQL database and one Redis, behind a
 * small round-robin balancer: sessions, cache invalidation, per-key rate limits and the books
 * hold across them, and a Redis restart and a database outage under load are survived
 * (requests fail cleanly while a service is gone, the instances recover by themselves, nothing
 * is lost or doubled).
 */

describe.runIf(clusterable)(`three instances behind a balancer on ${testDb}`, () => {
  let cluster: Cluster;
  let up: FakeUpstream;
  let key: string;
  let userId: number;

  const chat = (base: string, k = key) =>
    fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
  const direct = (i: number) => cluster.direct(i);

  beforeAll(async () => {
    up = await startFakeUpstream();
    cluster = await prepareCluster();
    await seedChannel(cluster.ctx, { baseUrl: up.url, models: ['gpt-4o-mini'] });
    userId = await seedUser(cluster.ctx, { quota: startingQuota });
    key = (await seedToken(cluster.ctx, userId)).key;
    await cluster.start(3);
  }, 180_000);

  afterAll(() => tearDown(cluster, up), 60_000);

  it('keeps a session signed in on one instance valid on every other', async () => {
    const headers = await rootHeaders(direct(0), cluster.rootPassword);
    for (let i = 0; i < 3; i++) {
      const self = await fetch(`${direct(i)}/api/user/self`, { headers });
      expect(((await self.json()) as { success: boolean }).success, `instance ${i}`).toBe(true);
    }
  });

  it('makes a change on one instance live on all within a second', async () => {
    // A key seeded after the instances started is found by every one of them.
    const other = await seedToken(cluster.ctx, userId);
    for (const i of [1, 2]) expect((await chat(direct(i), other.key)).status).toBe(200);
    const headers = await rootHeaders(direct(0), cluster.rootPassword);
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
      await sleep(50);
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
    const limited = await seedToken(cluster.ctx, userId, {
      rateLimit: { count: 4, windowSeconds: 60, message: '' },
    });
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) {
      codes.push((await chat(cluster.balancer.url, limited.key)).status);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(4);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });

  /** Requests one after another through the balancer until `stop` resolves; what came back. */
  async function loadUntil(stop: Promise<unknown>): Promise<Outcome[]> {
    return steadyLoad(1, () => chatCall(cluster.balancer.url, key, { model: 'gpt-4o-mini' }), stop);
  }

  /** Whether a request through the balancer is answered 200 within `ms`. */
  async function recoversWithin(ms: number): Promise<boolean> {
    const since = Date.now();
    while (Date.now() - since < ms) {
      if ((await chat(cluster.balancer.url)).status === 200) return true;
      await sleep(200);
    }
    return false;
  }

  it('survives a Redis restart under load, losing and doubling nothing', async () => {
    let done!: () => void;
    const load = loadUntil(new Promise<void>((resolve) => (done = resolve)));
    await sleep(500);
    await cluster.redis.stop();
    await sleep(2000);
    await cluster.redis.start();
    // The instances find Redis again by themselves.
    const recovered = await recoversWithin(15_000);
    done();
    const outcomes = await load;
    expect(recovered).toBe(true);
    // No instance died, and whatever failed failed with a clean error answer.
    for (let i = 0; i < 3; i++) expect(cluster.process(i).exitCode).toBeNull();
    expect(outcomes.filter((o) => o.status !== 200 && !isCleanError(o))).toEqual([]);
    expect(outcomes.filter((o) => o.status === 500)).toEqual([]);
    // The books: every consume log charged once, balances equal their ledger rows.
    await waitForRest(cluster.ctx);
    expect(await bookProblems(cluster.ctx)).toEqual([]);
  }, 60_000);

  it('never delivers whole an answer whose charge the unreachable database could not record', async () => {
    up.setBehaviour({ latencyMs: 1500 });
    let outcomes: Outcome[];
    try {
      const answers = Promise.all(
        Array.from({ length: 6 }, () =>
          chatCall(cluster.balancer.url, key, { model: 'gpt-4o-mini' }),
        ),
      );
      // The holds are taken before the upstream call; the cut comes while it answers.
      await sleep(700);
      cluster.dbProxy.cut();
      outcomes = await answers;
      await sleep(300);
    } finally {
      cluster.dbProxy.restore();
      up.setBehaviour({});
    }
    expect(await recoversWithin(20_000)).toBe(true);
    // An answer is either delivered whole and charged, or refused with a clear error.
    for (const o of outcomes.filter((o) => !o.complete)) {
      expect(o.status, o.text).toBe(503);
      expect(o.text).toContain('charge_not_recorded');
    }
    await sleep(1000);
    const logged = new Set((await consumeLogs(cluster.ctx)).map((l) => l.request_id));
    const delivered = outcomes.filter((o) => o.complete).map((o) => o.requestId);
    expect(delivered.filter((id) => !logged.has(id!))).toEqual([]);
  }, 60_000);

  it('survives a database restart under load, losing and doubling nothing', async () => {
    expect(await auditLedger(cluster.ctx)).toEqual([]);
    let done!: () => void;
    const load = loadUntil(new Promise<void>((resolve) => (done = resolve)));
    await sleep(500);
    cluster.dbProxy.cut();
    await sleep(2000);
    cluster.dbProxy.restore();
    const recovered = await recoversWithin(20_000);
    done();
    const outcomes = await load;
    expect(recovered).toBe(true);
    for (let i = 0; i < 3; i++) expect(cluster.process(i).exitCode).toBeNull();
    expect(outcomes.filter((o) => o.status !== 200 && !isCleanError(o))).toEqual([]);
    // Settlements queued while the database was gone commit once it is back, exactly once.
    await sleep(1500);
    expect(await auditLedger(cluster.ctx)).toEqual([]);
    // A reservation row whose commit was cut off before its instance heard of it (the client
    // got an error) can stay behind; the next start of an instance gives it back.
    await cluster.stop();
    await cluster.restart(0);
    await waitForRest(cluster.ctx);
    expect(await bookProblems(cluster.ctx)).toEqual([]);
    const consumed = (await consumeLogs(cluster.ctx)).reduce((sum, l) => sum + Number(l.quota), 0);
    expect(startingQuota - (await balances(cluster.ctx, userId, 0)).user).toBe(consumed);
  }, 90_000);
});
