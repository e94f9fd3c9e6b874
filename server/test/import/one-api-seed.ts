import { bool, hash, key48, now, type AnyDb } from './legacy-db.js';

/**
 * one-api's rows of the import tests: a root and a disabled user, a key, channels of one-api's
 * own type numbers, a code and a log.
 */
export async function seedOneApi(db: AnyDb): Promise<void> {
  await db
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
  await db
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
  await db
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
  await db
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
  await db
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
}
