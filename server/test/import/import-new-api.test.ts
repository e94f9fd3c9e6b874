import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport } from '../../src/import/report.js';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import {
  bool,
  footprint,
  importFrom,
  key48,
  legacyDatabase,
  now,
  type Legacy,
} from './legacy-db.js';
import { createNewApiSchema } from './legacy-schemas.js';
import { seedNewApi } from './new-api-seed.js';

describe(`import from new-api on ${testDb}`, () => {
  let t: TestApp;
  let legacy: Legacy;
  let up: FakeUpstream;
  let existingBobId: number;

  beforeAll(async () => {
    up = await startFakeUpstream();
    t = await createTestApp();
    legacy = await legacyDatabase();
    await createNewApiSchema(legacy.db);
    // A user of the gateway whose name a new-api user also has.
    await t.ctx.db
      .insertInto('users')
      .values({ username: 'bob', role: 1, access_token: 'bob-token-here' })
      .execute();
    const bob = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'bob')
      .executeTakeFirstOrThrow();
    existingBobId = bob.id;
    await seedNewApi(legacy.db, up.url);
  });

  afterAll(async () => {
    await legacy?.drop();
    await t?.cleanup();
    await up?.close();
  });

  it('reports a dry run and writes nothing', async () => {
    const before = await footprint(t);
    const report = await importFrom(t, legacy.from, true);
    expect(report.flavor).toBe('new-api');
    expect(report.users).toMatchObject({ found: 5, imported: 3, already: 0 });
    expect(report.users.skipped.join('\n')).toMatch(/#3 bob: the username is taken here/);
    expect(report.users.skipped.join('\n')).toMatch(/#4 gone: deleted in the source/);
    expect(report.tokens).toMatchObject({ found: 4, imported: 2 });
    expect(report.channels).toMatchObject({ found: 3, imported: 3 });
    expect(report.options).toMatchObject({ found: 5, imported: 3 });
    expect(report.redemptions).toMatchObject({ found: 3, imported: 2 });
    expect(report.topUps).toMatchObject({ found: 2, imported: 2 });
    expect(report.logs).toMatchObject({ found: 4, imported: 4 });
    expect(report.credited).toEqual({ user: 10_000_000 + 1_234_567, aff: 1000, token: 50_000 });
    expect(formatReport(report)).toMatch(/^Dry run: nothing was written\./);
    expect(await footprint(t)).toEqual(before);
  });

  it('imports users, keys, channels, options, codes, top-ups and logs', async () => {
    const report = await importFrom(t, legacy.from, false);
    expect(report.users).toMatchObject({ found: 5, imported: 3 });
    expect(report.tokens).toMatchObject({ imported: 2 });
    expect(report.tokens.skipped.join('\n')).toMatch(
      /#3 of-gone: its owner \(user #4\) is not imported/,
    );
    expect(report.options.skipped.join('\n')).toMatch(/SomethingOnlyNewApiHas: not a setting/);
    expect(report.options.skipped.join('\n')).toMatch(/RetryTimes: its value is not valid here/);
    expect(report.channels.notes.join('\n')).toMatch(/#9 codex: type 57 has no counterpart here/);
    expect(report.logs.imported).toBe(4);

    const users = await t.ctx.db.selectFrom('users').selectAll().orderBy('id').execute();
    const alice = users.find((u) => u.username === 'alice')!;
    const root = users.find((u) => u.username === 'root')!;
    const carol = users.find((u) => u.username === 'carol')!;
    expect(alice).toMatchObject({
      quota: 1_234_567,
      aff_quota: 1000,
      aff_history_quota: 3000,
      used_quota: 777,
      request_count: 9,
      email: 'alice@example.com',
      inviter_id: root.id,
      remark: 'vip',
      role: 1,
      status: 1,
    });
    expect(root.role).toBe(100);
    expect(carol).toMatchObject({ quota: 0, role: 10, github_id: '4242', password_hash: '' });
    expect(users.find((u) => u.id === existingBobId)).toMatchObject({ username: 'bob', quota: 0 });
    // A paid top-up counts towards the accumulated recharge: 10 USD at 500,000 a dollar.
    expect(Number(alice.topup_quota)).toBe(5_000_000);

    const entries = await t.ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('reason', '=', 'import')
      .execute();
    expect(entries.map((e) => `${e.account}:${e.delta}`).sort()).toEqual(
      ['aff:1000', 'token:50000', 'user:10000000', 'user:1234567'].sort(),
    );
    expect(await auditLedger(t.ctx)).toEqual([]);

    const channel = await t.ctx.db
      .selectFrom('channels')
      .selectAll()
      .where('name', '=', 'fake openai')
      .executeTakeFirstOrThrow();
    expect(channel).toMatchObject({
      type: 1,
      base_url: up.url,
      tag: 'main',
      used_quota: 4242,
      group: 'default',
    });
    expect(JSON.parse(channel.setting)).toMatchObject({ organization: 'org-1' });
    const codex = await t.ctx.db
      .selectFrom('channels')
      .selectAll()
      .where('name', '=', 'codex')
      .executeTakeFirstOrThrow();
    expect(codex).toMatchObject({ type: 8, status: 2 });

    const carolKey = await t.ctx.db
      .selectFrom('tokens')
      .selectAll()
      .where('name', '=', 'carol-unlimited')
      .executeTakeFirstOrThrow();
    expect(carolKey).toMatchObject({
      unlimited_quota: 1,
      model_limits_enabled: 1,
      model_limits: 'gpt-4o-mini,gpt-4o',
      allow_ips: '127.0.0.1\n10.0.0.0/8',
      user_id: carol.id,
    });

    const codes = await t.ctx.db.selectFrom('redemptions').selectAll().orderBy('id').execute();
    expect(codes.map((c) => [c.name, c.status, c.used_user_id])).toEqual([
      ['unused', 1, 0],
      ['used', 3, alice.id],
    ]);
    const orders = await t.ctx.db.selectFrom('orders').selectAll().orderBy('id').execute();
    expect(orders.map((o) => [o.trade_no, o.status, o.quota, o.money_minor, o.currency])).toEqual([
      ['USR2NOabc1700000000', 'paid', 5_000_000, 7350, 'CNY'],
      ['USR2NOdef1700000001', 'closed', 2_500_000, 3675, 'CNY'],
    ]);

    const aliceKey = await t.ctx.db
      .selectFrom('tokens')
      .select('id')
      .where('name', '=', 'alice-main')
      .executeTakeFirstOrThrow();
    const logs = await t.ctx.db.selectFrom('logs').selectAll().orderBy('id').execute();
    expect(
      logs.map((l) => [l.user_id, l.type, l.quota, l.use_time, l.channel_id, l.token_id]),
    ).toEqual([
      [alice.id, 2, 300, 2000, channel.id, aliceKey.id],
      [alice.id, 2, 200, 1000, channel.id, aliceKey.id],
      [alice.id, 1, 5_000_000, 0, 0, 0],
      [0, 2, 9, 0, 0, 0],
    ]);
    const buckets = await t.ctx.db
      .selectFrom('quota_data')
      .selectAll()
      .where('user_id', '=', alice.id)
      .execute();
    expect(buckets.map((b) => [b.model_name, b.count, b.quota, b.token_used])).toEqual([
      ['gpt-4o-mini', 2, 500, 200],
    ]);

    expect(t.ctx.settings.rawValue('QuotaForNewUser')).toBe('2500');
  });

  it('keeps the old passwords and keys working', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'alice', password: 'alice-pass-1' },
    });
    expect(login.json()).toMatchObject({ success: true });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'alice', password: 'not-hers-123' },
    });
    expect(wrong.json()).toMatchObject({ success: false });

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const client = new OpenAI({
      apiKey: `sk-${key48('k')}`,
      baseURL: `http://127.0.0.1:${port}/v1`,
    });
    const answer = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(answer.choices[0]?.message.content).toBeTruthy();
    // The mapped model reached the upstream, and the charge came off the imported balances.
    expect(JSON.parse(String(up.requests.at(-1)?.body))).toMatchObject({ model: 'gpt-4o-mini' });
    await t.ctx.billing.flush();
    const alice = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'quota'])
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    const key = await t.ctx.db
      .selectFrom('tokens')
      .select('remain_quota')
      .where('name', '=', 'alice-main')
      .executeTakeFirstOrThrow();
    expect(Number(alice.quota)).toBeLessThan(1_234_567);
    expect(1_234_567 - Number(alice.quota)).toBe(50_000 - Number(key.remain_quota));
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('changes nothing when run again, and brings only what is new', async () => {
    const before = await footprint(t);
    const again = await importFrom(t, legacy.from, false);
    expect(again.users).toMatchObject({ imported: 0, already: 3 });
    expect(again.tokens).toMatchObject({ imported: 0, already: 2 });
    expect(again.channels).toMatchObject({ imported: 0, already: 3 });
    expect(again.options).toMatchObject({ imported: 0, already: 3 });
    expect(again.redemptions).toMatchObject({ imported: 0, already: 2 });
    expect(again.topUps).toMatchObject({ imported: 0, already: 2 });
    expect(again.logs).toMatchObject({ imported: 0, already: 4 });
    expect(again.credited).toEqual({ user: 0, aff: 0, token: 0 });
    expect(await footprint(t)).toEqual(before);

    await legacy.db
      .insertInto('logs')
      .values({
        id: 5,
        user_id: 2,
        created_at: now,
        type: 2,
        content: '',
        username: 'alice',
        model_name: 'gpt-4o-mini',
        quota: 11,
        prompt_tokens: 1,
        completion_tokens: 1,
        use_time: 3,
        is_stream: bool(false),
        other: '',
      })
      .execute();
    const later = await importFrom(t, legacy.from, false);
    expect(later.logs).toMatchObject({ imported: 1, already: 4 });
    expect((await footprint(t)).logs).toBe(before.logs + 1);
  });
});
