import { Role } from '@gateway/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { findDrawing, type DrawingRow } from '../../src/db/queries/tasks.js';
import { pollTasksOnce } from '../../src/domain/tasks/poll-tasks.js';
import { startFakeMidjourney, type FakeMidjourney } from '../fake-tasks/midjourney.js';
import type { MjRequest } from '../fake-tasks/midjourney-wire.js';
import { createTestApp, testDb, testRedis, type TestApp } from '../helpers/test-context.js';
import { seedChannel, seedToken, seedUser } from '../relay/relay-fixture.js';
import { newUser } from '../tokens/console-helpers.js';

/** 0.1 USD per imagine (0.05 per upscale) at 500,000 quota per USD. */
export const imaginePrice = 50_000;
export const upscalePrice = 25_000;

/** Every Midjourney model the channels offer (a channel added by a test offers them too). */
export const models = [
  'mj_imagine',
  'mj_upscale',
  'mj_variation',
  'mj_reroll',
  'mj_inpaint',
  'mj_modal',
  'mj_upload',
  'mj_describe',
  'mj_blend',
];

/** The engine the suite runs on, for the describe titles. */
export const engine = `${testDb}${testRedis ? ' + redis' : ''}`;

export type Body = Record<string, unknown>;

/**
 * An app with two fake Midjourney-Proxies behind two channels (A first, B its fallback) and two
 * funded users, alice (a limited key) and bob; the helpers act as alice unless given a key.
 */
export interface MidjourneyTest extends TestApp {
  /** The upstream of channel A (priority 10, `mj-secret-a`). */
  first: FakeMidjourney;
  /** The upstream of channel B (priority 0, `mj-secret-b`). */
  second: FakeMidjourney;
  channelA: number;
  channelB: number;
  alice: { userId: number; tokenId: number; key: string };
  bob: { userId: number; key: string };
  /** POSTs to the gateway with a Bearer key. */
  submit(
    path: string,
    body: unknown,
    key?: string,
    headers?: Body,
  ): Promise<LightMyRequestResponse>;
  /** `GET /mj/task/{id}/fetch` with a Bearer key. */
  fetchTask(id: string, key?: string): Promise<LightMyRequestResponse>;
  /** The last submit a fake received. */
  lastSubmit(fake: FakeMidjourney): MjRequest & { body: Body };
  /** How many submits a fake received. */
  submitsTo(fake: FakeMidjourney): number;
  /** The stored drawing of a public id (throws when there is none). */
  drawing(id: string): Promise<DrawingRow>;
  /** A user's newest drawing. */
  lastDrawingOf(userId: number): Promise<DrawingRow>;
  /** Ends the drawing upstream, then lets the poller read it. */
  finishDrawing(fake: FakeMidjourney, id: string): Promise<void>;
  /** A new key of alice's with Midjourney settings. */
  keyWith(mj: Body): Promise<string>;
  /** Sets a channel's status (1 enabled, 2 disabled by hand) and refreshes the routing cache. */
  setChannelStatus(channelId: number, status: number): Promise<void>;
  /**
   * A finished imagine of alice's on channel A (its public id), so that a test working on a
   * drawing makes its own and runs alone.
   */
  drawOne(prompt?: string): Promise<string>;
}

/** Starts the app, the fakes, the channels and the users; `cleanup` in `afterAll`. */
export async function startMidjourneyTest(): Promise<MidjourneyTest> {
  const t = await createTestApp();
  await newUser(t.ctx, Role.root);
  const first = await startFakeMidjourney({ secret: 'mj-secret-a' });
  const second = await startFakeMidjourney({ secret: 'mj-secret-b' });
  const channelA = await seedChannel(t.ctx, {
    type: 2,
    baseUrl: first.url,
    key: 'mj-secret-a',
    models,
    priority: 10,
  });
  const channelB = await seedChannel(t.ctx, {
    type: 5,
    baseUrl: second.url,
    key: 'mj-secret-b',
    models,
    priority: 0,
  });
  const aliceId = await seedUser(t.ctx, { quota: 1_000_000 });
  const token = await seedToken(t.ctx, aliceId, { unlimited: false, remainQuota: 1_000_000 });
  const alice = { userId: aliceId, tokenId: token.id, key: token.key };
  const bobId = await seedUser(t.ctx, { quota: 1_000_000 });
  const bob = { userId: bobId, key: (await seedToken(t.ctx, bobId)).key };

  const submit: MidjourneyTest['submit'] = (path, body, key = alice.key, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { authorization: `Bearer ${key}`, ...headers } as Record<string, string>,
      payload: body as Body,
    });
  const isSubmit = (r: MjRequest) => /\/(submit|insight-face)\//.test(r.path);
  const drawing = async (id: string): Promise<DrawingRow> => {
    const row = await findDrawing(t.ctx.db, id);
    if (!row) throw new Error(`no drawing ${id}`);
    return row;
  };
  const finishDrawing = async (fake: FakeMidjourney, id: string) => {
    fake.finish((await drawing(id)).upstream_id);
    await pollTasksOnce(t.ctx);
    expect((await drawing(id)).status).toBe('SUCCESS');
  };

  return {
    ...t,
    first,
    second,
    channelA,
    channelB,
    alice,
    bob,
    submit,
    fetchTask: (id, key = alice.key) =>
      t.app.inject({
        method: 'GET',
        url: `/mj/task/${id}/fetch`,
        headers: { authorization: `Bearer ${key}` },
      }),
    lastSubmit: (fake) => {
      const found = fake.requests.findLast(isSubmit);
      if (!found) throw new Error('no submit received');
      return found as MjRequest & { body: Body };
    },
    submitsTo: (fake) => fake.requests.filter(isSubmit).length,
    drawing,
    lastDrawingOf: (userId) =>
      t.ctx.db
        .selectFrom('midjourneys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    finishDrawing,
    keyWith: async (mj) => {
      const key = await seedToken(t.ctx, alice.userId);
      await t.ctx.db
        .updateTable('tokens')
        .set({ mj_setting: JSON.stringify(mj) })
        .where('id', '=', key.id)
        .execute();
      await t.ctx.tokens.invalidate([key.id]);
      return key.key;
    },
    setChannelStatus: async (channelId, status) => {
      await t.ctx.db.updateTable('channels').set({ status }).where('id', '=', channelId).execute();
      await t.ctx.channels.refresh();
    },
    drawOne: async (prompt = 'a red fox in the snow') => {
      const res = await submit('/mj/submit/imagine', { prompt });
      if (res.json().code !== 1) throw new Error(`imagine refused: ${res.body}`);
      const id = res.json().result as string;
      await finishDrawing(first, id);
      return id;
    },
    cleanup: async () => {
      await t.cleanup();
      await first.close();
      await second.close();
    },
  };
}
