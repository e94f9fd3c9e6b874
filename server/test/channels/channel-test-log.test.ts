import { Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelTestRunDone } from '../../src/domain/channels/test-all-channels.js';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/server.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { api, newUser, type TestUser } from '../tokens/console-helpers.js';

describe(`channel test log rows on ${testDb}`, () => {
  let t: TestApp;
  let upstream: FakeUpstream;
  let root: TestUser;
  let admin: TestUser;

  const add = async (extra: object = {}) => {
    const channel = {
      name: 'logged',
      type: 1,
      key: 'sk-up',
      base_url: upstream.url,
      models: 'gpt-4o-mini',
    };
    const res = await api<number[]>(t.app, root, 'POST', '/api/channel/', {
      mode: 'single',
      channel: { ...channel, ...extra },
    });
    return res.body.data[0];
  };
  const testLogs = (channelId: number) =>
    t.ctx.db
      .selectFrom('logs')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('token_name', '=', 'model test')
      .execute();
  const runTest = (id: number) =>
    t.app.inject({ method: 'GET', url: `/api/channel/test/${id}`, headers: admin.headers });

  beforeAll(async () => {
    t = await createTestApp();
    upstream = await startFakeUpstream();
    root = await newUser(t.ctx, Role.root);
    admin = await newUser(t.ctx, Role.admin);
  });
  afterAll(async () => {
    await t.cleanup();
    await upstream.close();
  });

  it('records a passed test as a free consume log row of the admin who ran it', async () => {
    const id = await add();
    const before = await t.ctx.db
      .selectFrom('users')
      .select(['quota', 'used_quota'])
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect((await runTest(id)).json()).toMatchObject({ success: true });
    const [row] = await testLogs(id);
    expect(row).toMatchObject({
      type: 2,
      user_id: admin.id,
      token_name: 'model test',
      model_name: 'gpt-4o-mini',
      quota: 0,
      channel_id: id,
    });
    expect(row.prompt_tokens).toBeGreaterThan(0);
    expect(row.completion_tokens).toBeGreaterThan(0);
    const after = await t.ctx.db
      .selectFrom('users')
      .select(['quota', 'used_quota'])
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    // The admin sees it among their own logs.
    const own = await api<{ items: Array<{ token_name: string }> }>(
      t.app,
      admin,
      'GET',
      '/api/log/self?type=2',
    );
    expect(own.body.data.items.map((l) => l.token_name)).toContain('model test');
  });

  it('logs background runs under root, failures not at all, nothing when logging is off', async () => {
    const id = await add({ name: 'background' });
    expect((await api(t.app, admin, 'GET', '/api/channel/test')).body.success).toBe(true);
    await channelTestRunDone(t.ctx);
    expect((await testLogs(id)).map((r) => r.user_id)).toEqual([root.id]);

    upstream.setBehaviour({ error: { status: 500, message: 'down' } });
    const failing = await add({ name: 'failing' });
    expect((await runTest(failing)).json()).toMatchObject({ success: false });
    expect(await testLogs(failing)).toHaveLength(0);
    upstream.reset();

    await t.ctx.settings.set('LogConsumeEnabled', 'false');
    const quiet = await add({ name: 'quiet' });
    expect((await runTest(quiet)).json()).toMatchObject({ success: true });
    expect(await testLogs(quiet)).toHaveLength(0);
  });
});
