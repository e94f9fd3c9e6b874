import { bool, hash, key48, now, type AnyDb } from './legacy-db.js';

/**
 * new-api's rows of the import tests: five users (one deleted, one whose name the gateway has
 * already), keys, three channels (the first served by `upstreamUrl`, the last of a type without
 * a counterpart here), options, codes, top-ups and logs.
 */
export async function seedNewApi(db: AnyDb, upstreamUrl: string): Promise<void> {
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
    await db
      .insertInto('users')
      .values({ status: 1, group: 'default', display_name: user.username, ...user })
      .execute();
  }
  await db
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
  await db
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
        base_url: upstreamUrl,
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
  await db
    .insertInto('options')
    .values([
      { key: 'ModelRatio', value: '{"gpt-4o-mini":0.075,"gpt-4o":1.25}' },
      { key: 'CompletionRatio', value: '{"gpt-4o-mini":4}' },
      { key: 'QuotaForNewUser', value: '2500' },
      { key: 'SomethingOnlyNewApiHas', value: 'x' },
      { key: 'RetryTimes', value: 'many' },
    ])
    .execute();
  await db
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
  await db
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
  await db
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
}
