import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../helpers/ledger-audit.js';
import { testDb } from '../helpers/test-context.js';
import { seedChannel } from '../relay/relay-fixture.js';
import {
  balanceAndLedger,
  countRows,
  listingProblems,
  pollutedPrototypes,
  pollutedRows,
} from './books.js';
import { FuzzClient } from './fuzz-client.js';
import { createFuzzWorld, type Caller, type FuzzWorld } from './fuzz-world.js';
import { knownCases } from './known-cases.js';
import { fuzzManagement } from './management-battery.js';
import { fuzzRelay, relayHeaders } from './relay-battery.js';
import { routeOperations, type OpenApiPaths, type RouteOperation } from './route-table.js';
import { fuzzSeed, seededRandom } from './seeded-random.js';

/**
 * Hostile input on every route the gateway serves (issue #14): the OpenAPI document gives the
 * management API's bodies and queries, the relay's formats give the rest. Wrong types, values
 * at and past every bound, megabyte strings, 100k-item arrays, depth 10,000, prototype keys
 * and SQL metacharacters, as root, as a user (with an `sk-` key on the relay) and anonymously.
 * No answer may be an unexpected 5xx, show internals or leave its protocol's error shape, and
 * afterwards the books balance, nothing is polluted and the gateway still serves.
 * `FUZZ_SEED=<n>` replays or varies the run.
 */
describe(`hostile input on every route on ${testDb} (seed ${fuzzSeed})`, () => {
  let world: FuzzWorld;
  let operations: RouteOperation[];
  const random = seededRandom(fuzzSeed);
  const management = () => operations.filter((op) => op.url.startsWith('/api/'));
  const relay = () => operations.filter((op) => !op.url.startsWith('/api/'));

  beforeAll(async () => {
    world = await createFuzzWorld();
    const doc = await world.t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = doc.json<{ paths: OpenApiPaths }>().paths;
    operations = routeOperations(world.t.app, paths).filter((op) => op.method !== 'HEAD');
  });
  afterAll(async () => {
    await world?.close();
  });

  it('reaches every route the gateway serves, each management route through the document', () => {
    const undocumented = management()
      .filter((op) => op.minRole === undefined && op.method !== 'OPTIONS')
      .map((op) => `${op.method} ${op.url}`);
    expect(undocumented).toEqual([]);
    expect(management().length).toBeGreaterThan(150);
    const prefixes = new Set(relay().map((op) => op.url.split('/')[1]));
    for (const prefix of ['v1', 'v1beta', 'mj', 'suno', 'kling', 'dashboard', 'pg']) {
      expect(prefixes).toContain(prefix);
    }
  });

  it('answers the cases that crashed it before, each with its status and shape', async () => {
    const client = new FuzzClient(world.t.app);
    for (const known of knownCases) {
      const headers =
        known.as === 'root'
          ? world.root.console
          : relayHeaders(world.user, known.url, known.method);
      const payload =
        known.raw ?? (known.body === undefined ? undefined : JSON.stringify(known.body));
      const answer = await client.send({
        caller: known.as,
        method: known.method,
        url: known.url,
        headers,
        ...(payload === undefined ? {} : { probe: { label: known.why, payload } }),
      });
      if (known.status !== undefined && answer.status !== known.status) {
        client.report(
          `${known.why}: ${known.method} ${known.url.slice(0, 60)} → ${answer.status}, not ${known.status}`,
        );
      }
    }
    expect(client.summary()).toBe('');
  });

  it('answers every relay route in its own error shape, never an unexpected 5xx', async () => {
    const client = new FuzzClient(world.t.app);
    const { ctx, user } = world;
    const counts = await countRows(ctx);
    const before = await balanceAndLedger(ctx, user.id);
    for (const caller of [user, world.anonymous, world.root]) {
      await fuzzRelay(client, relay(), caller, random);
      world.upstream.reset();
    }
    await ctx.billing.flush();
    const after = await balanceAndLedger(ctx, user.id, before.lastId);
    expect(client.summary()).toBe('');
    expect(client.sent).toBeGreaterThan(1500);
    // Every balance change is a ledger row, nothing is still held, nothing else was created.
    expect(after.balance - before.balance).toBe(after.moved);
    expect(after.moved).toBeLessThan(0);
    expect(await ctx.db.selectFrom('reservations').select('id').execute()).toEqual([]);
    expect(await countRows(ctx)).toEqual(counts);
    expect(await auditLedger(ctx)).toEqual([]);
  }, 240_000);

  const fuzzAs = async (caller: Caller) => {
    const client = new FuzzClient(world.t.app);
    await fuzzManagement(world, client, management(), caller, random);
    expect(client.summary()).toBe('');
    return client;
  };

  it('refuses every management route to the anonymous caller, creating nothing', async () => {
    const before = await countRows(world.ctx);
    const client = await fuzzAs(world.anonymous);
    expect(client.sent).toBeGreaterThan(300);
    // Registration is public: the only rows an anonymous caller may add are its accounts.
    const after = await countRows(world.ctx);
    expect({ ...after, users: before.users }).toEqual(before);
  }, 240_000);

  it('answers every management route to an ordinary user without a 5xx', async () => {
    const client = await fuzzAs(world.user);
    expect(client.sent).toBeGreaterThan(800);
    expect(client.succeeded).toBeGreaterThan(50);
    await world.ctx.billing.flush();
    expect(await auditLedger(world.ctx)).toEqual([]);
  }, 240_000);

  it('answers every management route to root without a 5xx', async () => {
    const client = await fuzzAs(world.root);
    expect(client.sent).toBeGreaterThan(3000);
    // The probes get past validation often enough to reach the handlers and the database.
    expect(client.succeeded).toBeGreaterThan(500);
  }, 240_000);

  it('leaves the books balanced, no prototype polluted, and the gateway serving', async () => {
    const { ctx, t, root, user } = world;
    await ctx.billing.flush();
    // Every URL the probes sent is local: nothing may have tried to reach another host.
    expect(world.guard.refused).toEqual([]);
    expect(pollutedPrototypes()).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await pollutedRows(ctx)).toEqual([]);
    // Root's battery may delete logs (`DELETE /api/log/`), which the audit's comparison of each
    // request with its log needs (that ran after the other callers); the books must still chain.
    const books = await auditLedger(ctx);
    expect(books.filter((problem) => !/^(request|task) /.test(problem))).toEqual([]);
    const list = async (who: Caller, url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: who.console });
      return res.json<{ data: { total: number } }>().data.total;
    };
    await world.restoreCallers();
    expect(await listingProblems(ctx, list, root, user)).toEqual([]);
    const status = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(status.json()).toMatchObject({ success: true });
    const self = await t.app.inject({
      method: 'GET',
      url: '/api/user/self',
      headers: root.console,
    });
    expect(self.json()).toMatchObject({ success: true, data: { id: root.id } });
    // Root may have disabled or deleted every channel; a new one must serve at once.
    await seedChannel(ctx, { baseUrl: world.upstream.url, models: ['gpt-4o-mini'], priority: 99 });
    const before = await balanceAndLedger(ctx, user.id);
    const chat = await t.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: relayHeaders(user, '/v1/chat/completions'),
      payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'still there?' }] },
    });
    expect(chat.statusCode, chat.body).toBe(200);
    await ctx.billing.flush();
    const after = await balanceAndLedger(ctx, user.id, before.lastId);
    expect(after.moved).toBeLessThan(0);
    expect(after.balance - before.balance).toBe(after.moved);
  });
});
