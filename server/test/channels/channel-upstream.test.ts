import { Role, type ChannelItem } from '@gateway/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channelTestRunDone } from '../../src/domain/channels/test-all-channels.js';
import { FAKE_MODELS, startFakeUpstream, type FakeUpstream } from '../fake-upstream/server.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { api, newUser, type TestUser } from '../tokens/console-helpers.js';

type TestAnswer = { success: boolean; message: string; time: number; code?: string };

describe(`channel tests, balances and model lists on ${testDb}`, () => {
  let t: TestApp;
  /** Answers normally. */
  let good: FakeUpstream;
  /** Answers with the error the test sets with `fail`. */
  let failing: FakeUpstream;
  /** Answers after 400 ms. */
  let slow: FakeUpstream;
  let root: TestUser;
  let admin: TestUser;

  /** Adds a channel served by one of the fake upstreams. */
  const add = async (upstream: FakeUpstream, extra: object = {}) => {
    const channel = {
      name: 'ch',
      type: 1,
      key: 'sk-upstream',
      base_url: upstream.url,
      models: 'gpt-4o-mini,gpt-4o',
      ...extra,
    };
    const res = await api<number[]>(t.app, root, 'POST', '/api/channel/', {
      mode: 'single',
      channel,
    });
    return res.body.data[0];
  };
  const fail = (status: number, message: string) =>
    failing.setBehaviour({ error: { status, message } });
  const runTest = async (id: number, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/channel/test/${id}${query}`,
      headers: admin.headers,
    });
    return res.json<TestAnswer>();
  };
  const channel = async (id: number) =>
    (await api<ChannelItem>(t.app, admin, 'GET', `/api/channel/${id}`)).body.data;
  const setOptions = async (values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values)) await t.ctx.settings.set(key, value);
  };

  beforeAll(async () => {
    t = await createTestApp();
    [good, failing, slow] = await Promise.all([
      startFakeUpstream(),
      startFakeUpstream(),
      startFakeUpstream(),
    ]);
    slow.setBehaviour({ latencyMs: 400 });
    root = await newUser(t.ctx, Role.root);
    admin = await newUser(t.ctx, Role.admin);
  });
  afterEach(() =>
    setOptions({
      AutomaticDisableChannelEnabled: 'false',
      AutomaticEnableChannelEnabled: 'false',
      ChannelDisableThreshold: '5',
    }),
  );
  afterAll(async () => {
    await t.cleanup();
    await Promise.all([good.close(), failing.close(), slow.close()]);
  });

  it('tests a channel and records its response and test time', async () => {
    const id = await add(good, {
      key: 'sk-good',
      test_model: 'gpt-4o',
      model_mapping: { 'gpt-4o': 'gpt-4o-2024' },
    });
    const answer = await runTest(id);
    expect(answer).toMatchObject({ success: true, message: '' });
    expect(answer.time).toBeGreaterThanOrEqual(0);
    const sent = good.requests.at(-1);
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer sk-good');
    expect(sent?.json).toMatchObject({
      model: 'gpt-4o-2024',
      messages: [{ role: 'user', content: 'hi' }],
    });
    const stored = await channel(id);
    expect(stored.test_time).toBeGreaterThan(0);
    expect(stored.response_time).toBeGreaterThanOrEqual(0);
    await runTest(id, '?model=gpt-4o-mini');
    expect(good.requests.at(-1)?.json).toMatchObject({ model: 'gpt-4o-mini' });
  });

  it('tests Azure, Anthropic and Gemini channels in their own formats', async () => {
    const cases: Array<[number, string, RegExp]> = [
      [3, 'gpt-4o-mini', /^\/openai\/deployments\/gpt-4o-mini\/chat\/completions$/],
      [14, 'claude-sonnet-4-5', /^\/v1\/messages$/],
      [24, 'gemini-2.5-flash', /^\/v1beta\/models\/gemini-2\.5-flash:generateContent$/],
    ];
    for (const [type, model, path] of cases) {
      const id = await add(good, { type, models: model });
      expect(await runTest(id)).toMatchObject({ success: true });
      expect(good.requests.at(-1)?.path).toMatch(path);
    }
  });

  it('reports an upstream failure, and disables the channel only when the rules say so', async () => {
    fail(401, 'Incorrect API key provided: sk-bad');
    const id = await add(failing);
    const first = await runTest(id);
    expect(first.success).toBe(false);
    expect(first.message).toContain('401');
    expect(first.message).toContain('Incorrect API key');
    expect((await channel(id)).status).toBe(1);

    await setOptions({ AutomaticDisableChannelEnabled: 'true' });
    await runTest(id);
    const disabled = await channel(id);
    expect(disabled.status).toBe(3);
    expect(JSON.parse(disabled.other_info)).toMatchObject({
      status_reason: expect.stringContaining('401'),
    });
    expect(t.ctx.channels.get(id)?.status).toBe(3);
    const notices = await t.ctx.db
      .selectFrom('logs')
      .select(['content', 'user_id'])
      .where('type', '=', 4)
      .execute();
    expect(notices.some((l) => l.user_id === root.id && l.content.includes(`(#${id})`))).toBe(true);
  });

  it('disables on a keyword, and never a channel with auto_ban off', async () => {
    await setOptions({ AutomaticDisableChannelEnabled: 'true' });
    fail(429, 'You exceeded your current quota, please check your plan');
    const quota = await add(failing);
    await runTest(quota);
    expect((await channel(quota)).status).toBe(3);
    const kept = await add(failing, { auto_ban: 0 });
    await runTest(kept);
    expect((await channel(kept)).status).toBe(1);
    fail(500, 'upstream exploded');
    const serverError = await add(failing);
    expect((await runTest(serverError)).success).toBe(false);
    expect((await channel(serverError)).status).toBe(1);
  });

  it('disables a channel slower than ChannelDisableThreshold', async () => {
    await setOptions({ AutomaticDisableChannelEnabled: 'true', ChannelDisableThreshold: '0.2' });
    const id = await add(slow);
    const answer = await runTest(id);
    expect(answer.success).toBe(false);
    expect(answer.message).toContain('exceeds the threshold');
    expect(answer.time).toBeGreaterThan(0.2);
    expect((await channel(id)).status).toBe(3);
  });

  it('re-enables an automatically disabled channel that passes, when allowed; never one disabled by hand', async () => {
    const auto = await add(good, { models: 'revived' });
    const manual = await add(good, { models: 'revived' });
    await t.ctx.db.updateTable('channels').set({ status: 3 }).where('id', '=', auto).execute();
    await api(t.app, root, 'PUT', '/api/channel/', { id: manual, status: 2 });
    await t.ctx.channels.refresh();
    await runTest(auto);
    expect((await channel(auto)).status).toBe(3);
    await setOptions({ AutomaticEnableChannelEnabled: 'true' });
    await runTest(auto);
    await runTest(manual);
    expect((await channel(auto)).status).toBe(1);
    expect((await channel(manual)).status).toBe(2);
    const input = { group: 'default', model: 'revived', exclude: new Set<number>(), attempt: 0 };
    expect(t.ctx.channels.select(input)?.id).toBe(auto);
  });

  it('refuses a second test of a channel while one runs', async () => {
    const id = await add(good);
    await t.ctx.shared.setIfAbsent(`channel-test:${id}`, '1', 60);
    expect((await runTest(id)).code).toBe('channel_test_running');
    await t.ctx.shared.del(`channel-test:${id}`);
    expect((await runTest(id)).success).toBe(true);
  });

  it('tests every channel in the background, one run at a time', async () => {
    await setOptions({ AutomaticDisableChannelEnabled: 'true' });
    fail(401, 'Incorrect API key provided');
    const bad = await add(failing);
    await add(slow); // keeps the run going while the second start is refused
    const before = good.requests.length;
    expect((await api(t.app, admin, 'GET', '/api/channel/test')).body.success).toBe(true);
    expect((await api(t.app, admin, 'GET', '/api/channel/test')).body.code).toBe(
      'channel_test_running',
    );
    await channelTestRunDone(t.ctx);
    expect(good.requests.length).toBeGreaterThan(before);
    expect((await channel(bad)).status).toBe(3);
    expect((await api(t.app, admin, 'GET', '/api/channel/test')).body.success).toBe(true);
    await channelTestRunDone(t.ctx);
  });

  it('lists the upstream models of a saved channel and of an unsaved address', async () => {
    const id = await add(good);
    const sorted = [...FAKE_MODELS].sort();
    const saved = await api<string[]>(t.app, admin, 'GET', `/api/channel/fetch_models/${id}`);
    expect(saved.body.data).toEqual(sorted);
    const body = { type: 1, base_url: good.url, key: 'sk-x' };
    const unsaved = await api<string[]>(t.app, root, 'POST', '/api/channel/fetch_models', body);
    expect(unsaved.body.data).toEqual(sorted);
    expect((await api(t.app, admin, 'POST', '/api/channel/fetch_models', body)).status).toBe(403);
    fail(401, 'Incorrect API key provided');
    const failed = await api(t.app, root, 'POST', '/api/channel/fetch_models', {
      ...body,
      base_url: failing.url,
    });
    expect(failed.body).toMatchObject({ success: false, code: 'channel_upstream_failed' });
  });

  it('fetches and stores the balance where the type has one', async () => {
    const id = await add(good);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/channel/update_balance/${id}`,
      headers: admin.headers,
    });
    expect(res.json()).toMatchObject({ success: true, balance: 87.655 });
    const stored = await channel(id);
    expect(stored.balance).toBe(87.655);
    expect(stored.balance_updated_time).toBeGreaterThan(0);
    expect(
      (await api<number>(t.app, admin, 'GET', '/api/channel/update_balance')).body.success,
    ).toBe(true);

    const claude = await add(good, { type: 14, models: 'claude-3' });
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/channel/update_balance/${claude}`,
      headers: admin.headers,
    });
    expect(none.json()).toMatchObject({ success: false, code: 'channel_balance_unsupported' });
  });
});
