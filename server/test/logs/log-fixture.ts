import { Role } from '@gateway/shared';
import type { AppContext } from '../../src/context.js';
import { insertLogs, newUser, type SeedLog, type TestUser } from './logs-helpers.js';

/** The base time of the fixture's logs. */
export const t0 = 1_700_000_000;
const models = ['gpt-4o', 'claude-3', 'gemini-pro'];
const types = [2, 2, 2, 5, 6, 1, 3];

/** Two users' logs of every type over several models, keys, groups and channels. */
export interface LogFixture {
  alice: TestUser;
  bob: TestUser;
  admin: TestUser;
  /** Every seeded row with the id it got, oldest first. */
  seeded: Array<SeedLog & { id: number }>;
  /** Ids the server should return for `match`, newest first. */
  expected(match: (r: SeedLog) => boolean): number[];
}

/** Seeds users, three channels (first, second, third) and 41 logs. */
export async function seedLogFixture(ctx: AppContext): Promise<LogFixture> {
  const alice = await newUser(ctx, Role.user, 'alice');
  const bob = await newUser(ctx, Role.user, 'bob');
  const admin = await newUser(ctx, Role.admin);
  for (const name of ['first', 'second', 'third']) {
    await ctx.db
      .insertInto('channels')
      .values({ key: 'k', name, models: 'gpt-4o', model_mapping: '{}', setting: '{}' })
      .execute();
  }
  const rows: SeedLog[] = [];
  for (let i = 0; i < 30; i++) {
    rows.push({
      user_id: alice.id,
      username: 'alice',
      type: types[i % types.length],
      // Pairs of rows share a second, so the id breaks ties.
      created_at: t0 + Math.floor(i / 2) * 60,
      model_name: models[i % 3],
      token_name: i % 2 ? 'k1' : 'k2',
      token_id: i % 2 ? 11 : 12,
      channel_id: (i % 2) + 1,
      group: i % 4 === 0 ? 'vip' : 'default',
      quota: 100 + i,
      prompt_tokens: 10,
      completion_tokens: i,
      request_id: `req-a-${i}`,
      is_stream: i % 2,
      use_time: 1500,
    });
  }
  for (let i = 0; i < 10; i++) {
    rows.push({
      user_id: bob.id,
      username: 'bob',
      type: 2,
      created_at: t0 + i * 90,
      model_name: 'gpt-4o',
      token_name: 'bk',
      token_id: 13,
      channel_id: 3,
      quota: 1000,
      prompt_tokens: 5,
      completion_tokens: 5,
      request_id: `req-b-${i}`,
    });
  }
  rows.push({
    user_id: alice.id,
    username: 'alice',
    type: 2,
    created_at: t0 + 5000,
    model_name: 'gpt-4o',
    token_name: 'k1',
    channel_id: 2,
    quota: 7,
    content: 'model ratio 2',
    ip: '10.0.0.1',
    other: JSON.stringify({
      cache_tokens: 5,
      cache_creation_tokens: 7,
      image_tokens: 3,
      audio_input: 2,
      audio_output: 4,
      text_input: 10,
      text_output: 11,
      reasoning_tokens: 9,
      frt: 123,
      model_ratio: 2,
      admin_info: { use_channel: [1, 2] },
    }),
  });
  await insertLogs(ctx, rows);
  const ids = await ctx.db.selectFrom('logs').select('id').orderBy('id').execute();
  const seeded = rows.map((r, i) => ({ ...r, id: Number(ids[i].id) }));
  const expected = (match: (r: SeedLog) => boolean) =>
    seeded
      .filter(match)
      .sort((a, b) => b.created_at - a.created_at || b.id - a.id)
      .map((r) => r.id);
  return { alice, bob, admin, seeded, expected };
}
