import bcrypt from 'bcryptjs';
import { spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/client.js';
import { formatReport } from '../../src/import/report.js';
import { runImport } from '../../src/import/run-import.js';
import { mysqlUrlOfGoDsn, openSource, type Source } from '../../src/import/source.js';
import type { ImportReport } from '../../src/import/report.js';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import {
  createIsolatedDb,
  createTestApp,
  testDb,
  type IsolatedDb,
  type TestApp,
} from '../helpers/test-context.js';
import { createNewApiSchema, createOneApiSchema } from './legacy-schemas.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- another program's schema
type AnyDb = Kysely<any>;

/** A one-api or new-api database on the engine under test, and the address to import it from. */
interface Legacy {
  db: AnyDb;
  from: string;
  drop(): Promise<void>;
}

async function legacyDatabase(): Promise<Legacy> {
  const isolated: IsolatedDb = await createIsolatedDb();
  const db = openDb({
    kind: testDb,
    dsn: isolated.env.SQL_DSN ?? '',
    sqlitePath: isolated.env.SQLITE_PATH ?? '',
    pgSchema: isolated.pgSchema,
  }) as unknown as AnyDb;
  const from =
    testDb === 'postgres'
      ? `${isolated.env.SQL_DSN}?options=${encodeURIComponent(`-c search_path=${isolated.name}`)}`
      : testDb === 'mysql'
        ? (isolated.env.SQL_DSN ?? '')
        : (isolated.env.SQLITE_PATH ?? '');
  return {
    db,
    from,
    drop: async () => {
      await db.destroy();
      await isolated.drop();
    },
  };
}

const hash = (password: string) => bcrypt.hashSync(password, 4);
/** A GORM `bool` as the engine stores it (SQLite has no boolean type). */
const bool = (value: boolean) => (testDb === 'sqlite' ? Number(value) : value);
const key48 = (c: string) => c.repeat(48);
const now = Math.floor(Date.now() / 1000);

/** Counts of what an import may write, to prove a dry run and a re-run write nothing. */
async function footprint(t: TestApp) {
  const count = async (
    table:
      | 'users'
      | 'tokens'
      | 'channels'
      | 'redemptions'
      | 'orders'
      | 'logs'
      | 'ledger_entries'
      | 'options'
      | 'quota_data',
  ) => {
    const row = await t.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const tables = [
    'users',
    'tokens',
    'channels',
    'redemptions',
    'orders',
    'logs',
    'ledger_entries',
    'options',
    'quota_data',
  ] as const;
  return Object.fromEntries(
    await Promise.all(tables.map(async (name) => [name, await count(name)])),
  );
}

async function importFrom(t: TestApp, from: string, dryRun: boolean): Promise<ImportReport> {
  const source: Source = await openSource(from);
  try {
    const report = await runImport(t.ctx.db, source, {
      dryRun,
      servedTypes: new Set(t.ctx.upstream.servedTypes().map((s) => s.type)),
      settings: t.ctx.settings,
    });
    await t.ctx.channels.refresh();
    await t.ctx.users.invalidateAll();
    return report;
  } finally {
    await source.close();
  }
}

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
    const users = [
      {
        id: 1,
        username: 'root',
        password: hash('old-root-pass'),
        role: 100,
        quota: 10_000_000,
        aff_code: 'ROOT',
      },
      {
        id: 2,
        username: 'alice',
        password: hash('alice-pass-1'),
        role: 1,
        quota: 1_234_567,
        aff_quota: 1000,
        aff_history: 3000,
        aff_count: 2,
        inviter_id: 1,
        email: 'alice@example.com',
        used_quota: 777,
        request_count: 9,
        aff_code: 'ALIC',
        access_token: 'a'.repeat(32),
        remark: 'vip',
      },
      { id: 3, username: 'bob', password: hash('bob-pass-123'), role: 1, quota: 500 },
      {
        id: 4,
        username: 'gone',
        password: hash('gone-pass-12'),
        role: 1,
        quota: 999,
        deleted_at: '2024-01-02 03:04:05',
      },
      { id: 5, username: 'carol', password: '', role: 10, quota: -50, github_id: '4242' },
    ];
    for (const user of users) {
      await legacy.db
        .insertInto('users')
        .values({ status: 1, group: 'default', display_name: user.username, ...user })
        .execute();
    }
    await legacy.db
      .insertInto('tokens')
      .values([
        {
          id: 1,
          user_id: 2,
          key: key48('k'),
          status: 1,
          name: 'alice-main',
          created_time: now - 100,
          accessed_time: now - 10,
          expired_time: -1,
          remain_quota: 50_000,
          unlimited_quota: bool(false),
          model_limits_enabled: bool(false),
          model_limits: '',
          allow_ips: '',
          used_quota: 12,
          group: '',
        },
        {
          id: 2,
          user_id: 2,
          key: key48('d'),
          status: 1,
          name: 'deleted',
          expired_time: -1,
          remain_quota: 10,
          unlimited_quota: bool(false),
          deleted_at: '2024-01-02 03:04:05',
        },
        {
          id: 3,
          user_id: 4,
          key: key48('g'),
          status: 1,
          name: 'of-gone',
          expired_time: -1,
          remain_quota: 10,
          unlimited_quota: bool(false),
        },
        {
          id: 4,
          user_id: 5,
          key: key48('u'),
          status: 1,
          name: 'carol-unlimited',
          expired_time: -1,
          remain_quota: 0,
          unlimited_quota: bool(true),
          model_limits_enabled: bool(true),
          model_limits: 'gpt-4o-mini,gpt-4o',
          allow_ips: '127.0.0.1,10.0.0.0/8',
        },
      ])
      .execute();
    await legacy.db
      .insertInto('channels')
      .values([
        {
          id: 7,
          type: 1,
          key: 'sk-upstream',
          status: 1,
          name: 'fake openai',
          weight: 0,
          priority: 0,
          base_url: up.url,
          models: 'gpt-4o-mini,gpt-4o',
          group: 'default',
          model_mapping: '{"gpt-4o":"gpt-4o-mini"}',
          status_code_mapping: '',
          auto_ban: 1,
          other_info: '',
          tag: 'main',
          setting: '{"proxy":""}',
          remark: '',
          created_time: now - 1000,
          used_quota: 4242,
          openai_organization: 'org-1',
        },
        {
          id: 8,
          type: 14,
          key: 'sk-ant',
          status: 2,
          name: 'claude',
          models: 'claude-3-5-haiku',
          group: 'vip',
          base_url: '',
        },
        {
          id: 9,
          type: 57,
          key: 'x',
          status: 1,
          name: 'codex',
          models: 'codex-mini',
          group: 'default',
          base_url: '',
        },
      ])
      .execute();
    await legacy.db
      .insertInto('options')
      .values([
        { key: 'ModelRatio', value: '{"gpt-4o-mini":0.075,"gpt-4o":1.25}' },
        { key: 'CompletionRatio', value: '{"gpt-4o-mini":4}' },
        { key: 'QuotaForNewUser', value: '2500' },
        { key: 'SomethingOnlyNewApiHas', value: 'x' },
        { key: 'RetryTimes', value: 'many' },
      ])
      .execute();
    await legacy.db
      .insertInto('redemptions')
      .values([
        {
          id: 1,
          user_id: 1,
          key: 'a'.repeat(32),
          status: 1,
          name: 'unused',
          quota: 100_000,
          created_time: now - 50,
          redeemed_time: 0,
          used_user_id: 0,
          expired_time: 0,
        },
        {
          id: 2,
          user_id: 1,
          key: 'b'.repeat(32),
          status: 3,
          name: 'used',
          quota: 20_000,
          created_time: now - 50,
          redeemed_time: now - 20,
          used_user_id: 2,
          expired_time: 0,
        },
        {
          id: 3,
          user_id: 1,
          key: 'c'.repeat(32),
          status: 1,
          name: 'deleted',
          quota: 1,
          created_time: now - 50,
          deleted_at: '2024-01-02 03:04:05',
        },
      ])
      .execute();
    await legacy.db
      .insertInto('top_ups')
      .values([
        {
          id: 1,
          user_id: 2,
          amount: 10,
          money: 73.5,
          trade_no: 'USR2NOabc1700000000',
          payment_method: 'alipay',
          create_time: now - 3000,
          complete_time: now - 2990,
          status: 'success',
        },
        {
          id: 2,
          user_id: 2,
          amount: 5,
          money: 36.75,
          trade_no: 'USR2NOdef1700000001',
          payment_method: 'wxpay',
          create_time: now - 2000,
          complete_time: 0,
          status: 'pending',
        },
      ])
      .execute();
    const hour = now - (now % 3600) - 7200;
    await legacy.db
      .insertInto('logs')
      .values([
        {
          id: 1,
          user_id: 2,
          created_at: hour + 10,
          type: 2,
          content: 'model ratio 0.075',
          username: 'alice',
          token_name: 'alice-main',
          model_name: 'gpt-4o-mini',
          quota: 300,
          prompt_tokens: 100,
          completion_tokens: 50,
          use_time: 2,
          is_stream: bool(true),
          channel_id: 7,
          token_id: 1,
          group: 'default',
          ip: '',
          request_id: 'old-req-1',
          other: '{"model_ratio":0.075}',
        },
        {
          id: 2,
          user_id: 2,
          created_at: hour + 20,
          type: 2,
          content: '',
          username: 'alice',
          token_name: 'alice-main',
          model_name: 'gpt-4o-mini',
          quota: 200,
          prompt_tokens: 40,
          completion_tokens: 10,
          use_time: 1,
          is_stream: bool(false),
          channel_id: 7,
          token_id: 1,
          group: 'default',
          ip: '',
          request_id: 'old-req-2',
          other: '',
        },
        {
          id: 3,
          user_id: 2,
          created_at: hour + 30,
          type: 1,
          content: 'top-up',
          username: 'alice',
          quota: 5_000_000,
          other: '',
        },
        {
          id: 4,
          user_id: 4,
          created_at: hour + 40,
          type: 2,
          content: '',
          username: 'gone',
          model_name: 'gpt-4o',
          quota: 9,
          prompt_tokens: 1,
          completion_tokens: 1,
          use_time: 0,
          is_stream: bool(false),
          other: '',
        },
      ])
      .execute();
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

describe(`import from one-api on ${testDb}`, () => {
  let t: TestApp;
  let legacy: Legacy;

  beforeAll(async () => {
    t = await createTestApp();
    legacy = await legacyDatabase();
    await createOneApiSchema(legacy.db);
    await legacy.db
      .insertInto('users')
      .values([
        {
          id: 1,
          username: 'root',
          password: hash('one-api-root'),
          role: 100,
          status: 1,
          quota: 42,
          group: 'default',
          aff_code: 'R00T',
          access_token: 'r'.repeat(32),
        },
        {
          id: 2,
          username: 'dave',
          password: hash('dave-pass-1'),
          role: 1,
          status: 2,
          quota: 7,
          group: 'default',
          aff_code: 'DAVE',
          inviter_id: 1,
        },
      ])
      .execute();
    await legacy.db
      .insertInto('tokens')
      .values({
        id: 1,
        user_id: 2,
        key: key48('Z'),
        status: 1,
        name: 'dave',
        created_time: now,
        accessed_time: now,
        expired_time: now + 86400,
        remain_quota: 3,
        unlimited_quota: bool(false),
        used_quota: 0,
        subnet: '',
      })
      .execute();
    await legacy.db
      .insertInto('channels')
      .values([
        {
          id: 1,
          type: 36,
          key: 'sk-ds',
          status: 1,
          name: 'deepseek',
          models: 'deepseek-chat',
          group: 'default',
          base_url: '',
        },
        {
          id: 2,
          type: 29,
          key: 'gsk',
          status: 1,
          name: 'groq',
          models: 'llama3-8b-8192',
          group: 'default',
          base_url: '',
        },
        {
          id: 3,
          type: 38,
          key: 'deepl',
          status: 1,
          name: 'deepl',
          models: 'deepl-zh',
          group: 'default',
          base_url: '',
        },
      ])
      .execute();
    await legacy.db
      .insertInto('redemptions')
      .values({
        id: 1,
        user_id: 1,
        key: 'F'.repeat(32),
        status: 1,
        name: 'code',
        quota: 5,
        created_time: now,
        redeemed_time: 0,
      })
      .execute();
    await legacy.db
      .insertInto('logs')
      .values({
        id: 1,
        user_id: 2,
        created_at: now,
        type: 2,
        content: '',
        username: 'dave',
        token_name: 'dave',
        model_name: 'deepseek-chat',
        quota: 1,
        prompt_tokens: 1,
        completion_tokens: 1,
        channel_id: 1,
        request_id: '',
        elapsed_time: 1234,
        is_stream: bool(false),
        system_prompt_reset: bool(false),
      })
      .execute();
  });

  afterAll(async () => {
    await legacy?.drop();
    await t?.cleanup();
  });

  it('maps one-api channel types and times, and a second root becomes an administrator', async () => {
    // The gateway was set up before the import: the one-api root comes in as an administrator.
    await t.ctx.db.insertInto('users').values({ username: 'admin', role: 100 }).execute();
    const report = await importFrom(t, legacy.from, false);
    expect(report.flavor).toBe('one-api');
    expect(report.users.notes.join('\n')).toMatch(
      /#1 root: a second root, imported as an administrator/,
    );
    const channels = await t.ctx.db
      .selectFrom('channels')
      .select(['name', 'type', 'status', 'base_url'])
      .orderBy('id')
      .execute();
    expect(channels).toEqual([
      { name: 'deepseek', type: 43, status: 1, base_url: '' },
      { name: 'groq', type: 1, status: 1, base_url: 'https://api.groq.com/openai' },
      { name: 'deepl', type: 8, status: 2, base_url: '' },
    ]);
    const dave = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'dave')
      .executeTakeFirstOrThrow();
    const root = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'root')
      .executeTakeFirstOrThrow();
    expect(dave).toMatchObject({ status: 2, quota: 7, inviter_id: root.id });
    expect(root.role).toBe(10);
    const log = await t.ctx.db.selectFrom('logs').selectAll().executeTakeFirstOrThrow();
    expect(log).toMatchObject({ user_id: dave.id, use_time: 1234, token_id: 0 });
    const code = await t.ctx.db.selectFrom('redemptions').select('key').executeTakeFirstOrThrow();
    expect(code.key).toBe('f'.repeat(32));
    expect(await auditLedger(t.ctx)).toEqual([]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'root', password: 'one-api-root' },
    });
    expect(login.json()).toMatchObject({ success: true });
  });
});

describe('source addresses', () => {
  it("reads Go's MySQL DSN as one-api and new-api take it", () => {
    expect(
      mysqlUrlOfGoDsn('root:p@ss@tcp(127.0.0.1:3306)/oneapi?charset=utf8mb4&parseTime=True'),
    ).toBe('mysql://root:p%40ss@127.0.0.1:3306/oneapi');
    expect(mysqlUrlOfGoDsn('user@tcp(db:3306)/newapi')).toBe('mysql://user@db:3306/newapi');
    expect(mysqlUrlOfGoDsn('./one-api.db')).toBeNull();
  });

  it('refuses a file that does not exist and a database without one-api tables', async () => {
    await expect(openSource('/nonexistent/one-api.db')).rejects.toThrow(/No SQLite database/);
  });
});

describe.runIf(testDb === 'sqlite')('npm run import', () => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/gateway-import-${process.pid}`;
  const run = (args: string[]) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/import-main.ts', ...args], {
        env: { ...process.env, SQLITE_PATH: `${dir}/gateway.db` },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
      child.stderr.on('data', (chunk: Buffer) => (out += String(chunk)));
      child.on('exit', (code) => resolve({ code: code ?? 1, out }));
    });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('explains itself, reports a dry run, imports, and imports nothing the second time', async () => {
    await mkdir(dir, { recursive: true });
    const legacy = openDb({
      kind: 'sqlite',
      dsn: '',
      sqlitePath: `${dir}/one-api.db`,
    }) as unknown as AnyDb;
    await createOneApiSchema(legacy);
    await legacy
      .insertInto('users')
      .values({ username: 'erin', password: hash('erin-pass-1'), role: 1, status: 1, quota: 99 })
      .execute();
    await legacy.destroy();

    expect(await run([])).toMatchObject({
      code: 2,
      out: expect.stringMatching(/^Usage: npm run import/),
    });
    const missing = await run(['--from', `${dir}/missing.db`]);
    expect(missing).toMatchObject({ code: 1, out: expect.stringMatching(/No SQLite database at/) });
    const dry = await run(['--from', `${dir}/one-api.db`, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(
      /Dry run: nothing was written\.[\s\S]*Users: 1 in the source, would import 1/,
    );
    const real = await run(['--from', `${dir}/one-api.db`]);
    expect(real.out).toMatch(/Users: 1 in the source, imported 1, already imported 0/);
    const again = await run(['--from', `sqlite://${dir}/one-api.db`]);
    expect(again.out).toMatch(/Users: 1 in the source, imported 0, already imported 1/);
  });
});
