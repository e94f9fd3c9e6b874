import { Role } from '@gateway/shared';
import type { AppContext } from '../../src/context.js';
import { randomAlphanumeric } from '../../src/lib/random.js';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import {
  startFakeKling,
  startFakeMidjourney,
  startFakeOpenAIVideos,
  startFakeSuno,
} from '../fake-tasks/index.js';
import { createTestApp, type TestApp } from '../helpers/test-context.js';
import { seedChannel, seedToken, seedUser } from '../relay/relay-fixture.js';
import { deadLocalUrl, type IdHint } from './json-sample.js';
import { guardOutboundTraffic, type OutboundGuard } from './outbound-guard.js';
import { fuzzModels } from './relay-samples.js';

/** A signed-in caller of the fuzz test. */
export interface Caller {
  name: 'anonymous' | 'user' | 'root';
  id: number;
  role: number;
  /** The personal access token its console requests carry. */
  accessToken: string;
  /** Headers of a console request (`{}` for the anonymous caller). */
  console: Record<string, string>;
  /** Its `sk-` key ('' when it has none). */
  key: string;
  keyId: number;
}

/** Rows that mutations may change or delete without touching the callers. */
export interface Victims {
  userId: number;
  tokenId: number;
  channelId: number;
}

/** The gateway under test, its fake upstreams and the callers. */
export interface FuzzWorld {
  t: TestApp;
  ctx: AppContext;
  guard: OutboundGuard;
  upstream: FakeUpstream;
  anonymous: Caller;
  user: Caller;
  root: Caller;
  victims: Victims;
  /** Where the ids of a route's sample body point. */
  idHint(url: string): IdHint;
  /** Puts the callers' credentials, roles and the user's key back as they were. */
  restoreCallers(): Promise<void>;
  /** Stops everything the world started. */
  close(): Promise<void>;
}

async function consoleUser(ctx: AppContext, userId: number): Promise<string> {
  const accessToken = randomAlphanumeric(32);
  await ctx.db
    .updateTable('users')
    .set({ access_token: accessToken })
    .where('id', '=', userId)
    .execute();
  return accessToken;
}

function caller(
  name: Caller['name'],
  id: number,
  role: number,
  accessToken: string,
  key: { id: number; key: string },
): Caller {
  return {
    name,
    id,
    role,
    accessToken,
    console: { authorization: accessToken, 'new-api-user': String(id) },
    key: key.key,
    keyId: key.id,
  };
}

/** Channels of every protocol, each on its own fake upstream. */
async function seedChannels(ctx: AppContext) {
  const upstream = await startFakeUpstream();
  const mj = await startFakeMidjourney({ secret: 'mj-secret' });
  const suno = await startFakeSuno({ token: 'suno-token' });
  const sora = await startFakeOpenAIVideos({ key: 'sk-sora' });
  const kling = await startFakeKling({ accessKey: 'ak-fuzz', secretKey: 'sk-fuzz' });
  const models = [...fuzzModels.openai];
  await seedChannel(ctx, { baseUrl: upstream.url, models });
  await seedChannel(ctx, {
    type: 2,
    baseUrl: mj.url,
    key: 'mj-secret',
    models: [...fuzzModels.midjourney],
  });
  await seedChannel(ctx, {
    type: 36,
    baseUrl: suno.url,
    key: 'suno-token',
    models: [...fuzzModels.suno],
  });
  await seedChannel(ctx, { type: 55, baseUrl: sora.url, key: 'sk-sora', models: ['sora-2'] });
  await seedChannel(ctx, {
    type: 50,
    baseUrl: kling.url,
    key: 'ak-fuzz|sk-fuzz',
    models: ['kling-v1'],
  });
  await ctx.settings.set('ModelPrice', JSON.stringify({ 'sora-2': 0.3, 'kling-v1': 0.2 }));
  const close = async () => {
    await Promise.all([upstream.close(), mj.close(), suno.close(), sora.close(), kling.close()]);
  };
  return { upstream, close };
}

/** Builds the gateway on a private database with its fakes, callers and victim rows. */
export async function createFuzzWorld(): Promise<FuzzWorld> {
  const guard = guardOutboundTraffic();
  const t = await createTestApp();
  const ctx = t.ctx;
  const fakes = await seedChannels(ctx);
  const rootId = await seedUser(ctx, { role: Role.root, quota: 0 });
  const userId = await seedUser(ctx, { quota: 100_000_000 });
  const userKey = await seedToken(ctx, userId, { unlimited: false, remainQuota: 50_000_000 });
  const root = caller('root', rootId, Role.root, await consoleUser(ctx, rootId), {
    id: 0,
    key: '',
  });
  const user = caller('user', userId, Role.user, await consoleUser(ctx, userId), userKey);
  const anonymous: Caller = { ...caller('anonymous', 0, 0, '', { id: 0, key: '' }), console: {} };
  const victimUser = await seedUser(ctx, { quota: 1000 });
  const victims: Victims = {
    userId: victimUser,
    tokenId: (await seedToken(ctx, victimUser)).id,
    channelId: await seedChannel(ctx, { baseUrl: deadLocalUrl, models: ['fuzz-victim'] }),
  };
  const restoreCallers = async () => {
    for (const c of [root, user]) {
      await ctx.db
        .updateTable('users')
        .set({ role: c.role, status: 1, access_token: c.accessToken, group: 'default' })
        .where('id', '=', c.id)
        .execute();
      await ctx.users.invalidate(c.id);
    }
    await ctx.db
      .updateTable('tokens')
      .set({ key: user.key.slice(3), status: 1, deleted_at: null, expired_time: -1 })
      .where('id', '=', user.keyId)
      .execute();
    await ctx.tokens.invalidate([user.keyId]);
  };
  return {
    t,
    ctx,
    guard,
    upstream: fakes.upstream,
    anonymous,
    user,
    root,
    victims,
    idHint: (url) => (field) => {
      if (field === 'user_id' || url.startsWith('/api/user')) return victims.userId;
      if (field === 'token_id' || url.startsWith('/api/token')) return victims.tokenId;
      if (field === 'channel_id' || url.startsWith('/api/channel')) return victims.channelId;
      return undefined;
    },
    restoreCallers,
    close: async () => {
      await t.cleanup();
      await fakes.close();
      guard.release();
    },
  };
}
