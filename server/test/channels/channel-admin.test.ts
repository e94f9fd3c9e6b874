import { type ChannelItem, type KnownModel } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { api, roleUsers, type TestUser } from '../tokens/console-helpers.js';

type ChannelPage = { total: number; items: ChannelItem[] };

describe(`channel tags, model lists, index rebuild and sorting on ${testDb}`, () => {
  let t: TestApp;
  let root: TestUser;
  let admin: TestUser;
  let user: TestUser;
  const add = async (channel: object) => {
    const res = await api<number[]>(t.app, root, 'POST', '/api/channel/', {
      mode: 'single',
      channel: { name: 'c', type: 1, key: 'sk-x', models: 'gpt-4o', group: 'default', ...channel },
    });
    expect(res.body.success, res.body.message).toBe(true);
    return res.body.data[0];
  };
  const get = async (id: number) =>
    (await api<ChannelItem>(t.app, admin, 'GET', `/api/channel/${id}`)).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    ({ root, admin, user } = await roleUsers(t.ctx));
  });
  afterAll(() => t.cleanup());

  it('edits the common fields of every channel with a tag, and only those', async () => {
    const a = await add({ tag: 'pool', models: 'gpt-4o,gpt-4o-mini', priority: 1, weight: 3 });
    const b = await add({ tag: 'pool', models: 'gpt-4o', group: 'vip', priority: 2 });
    const other = await add({ tag: 'other', models: 'gpt-4o', priority: 7 });

    const models = await api<string>(t.app, admin, 'GET', '/api/channel/tag/models?tag=pool');
    expect(models.body.data).toBe('gpt-4o,gpt-4o-mini');

    const edit = await api<number>(t.app, root, 'PUT', '/api/channel/tag', {
      tag: 'pool',
      new_tag: 'pool2',
      priority: 5,
      weight: null,
      models: 'claude-sonnet-4-5, gpt-4o',
      groups: 'default,svip',
      model_mapping: { 'gpt-4o': 'gpt-4o-2024' },
    });
    expect(edit.body).toMatchObject({ success: true, data: 2 });
    for (const id of [a, b]) {
      expect(await get(id)).toMatchObject({
        tag: 'pool2',
        priority: 5,
        models: 'claude-sonnet-4-5,gpt-4o',
        group: 'default,svip',
        model_mapping: '{"gpt-4o":"gpt-4o-2024"}',
      });
    }
    expect((await get(a)).weight).toBe(3);
    expect(await get(other)).toMatchObject({ tag: 'other', priority: 7, models: 'gpt-4o' });
    // The routing index follows at once.
    expect(t.ctx.channels.modelsForGroup('svip')).toContain('claude-sonnet-4-5');
    expect(
      t.ctx.channels.select({ group: 'svip', model: 'gpt-4o', exclude: new Set(), attempt: 0 })
        ?.modelMapping,
    ).toEqual({ 'gpt-4o': 'gpt-4o-2024' });
  });

  it('refuses a tag edit without a tag, with nothing to change, or with bad JSON', async () => {
    const cases: Array<[object, string]> = [
      [{ priority: 1 }, 'tag_required'],
      [{ tag: ' ', priority: 1 }, 'tag_required'],
      [{ tag: 'other', new_tag: '', models: '' }, 'tag_edit_empty'],
      [{ tag: 'other', model_mapping: '{"a": 1}' }, 'model_mapping_invalid'],
      [{ tag: 'other', priority: 'high' }, 'invalid_request'],
    ];
    for (const [body, code] of cases) {
      const res = await api(t.app, root, 'PUT', '/api/channel/tag', body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body, JSON.stringify(body)).toMatchObject({ success: false, code });
    }
    expect(
      (await api(t.app, admin, 'PUT', '/api/channel/tag', { tag: 'other', weight: 1 })).status,
    ).toBe(403);
    const none = await api<number>(t.app, root, 'PUT', '/api/channel/tag', {
      tag: 'nope',
      weight: 1,
    });
    expect(none.body).toMatchObject({ success: true, data: 0 });
    expect(
      (await api<string>(t.app, admin, 'GET', '/api/channel/tag/models?tag=nope')).body.data,
    ).toBe('');
  });

  it('lists known models per type, enabled models, and rebuilds the index', async () => {
    const known = await api<KnownModel[]>(t.app, admin, 'GET', '/api/channel/models');
    const byId = new Map(known.body.data.map((m) => [m.id, m]));
    expect(byId.get('gpt-4o')).toMatchObject({ object: 'model', owned_by: 'openai' });
    expect(byId.get('gpt-4o')?.channel_types).toEqual([1, 3, 8]);
    expect(byId.get('claude-sonnet-4-5')?.channel_types).toEqual([8, 14]);
    expect((await api(t.app, user, 'GET', '/api/channel/models')).status).toBe(403);

    await t.ctx.settings.set('ModelRatio', JSON.stringify({ 'qwen-max': 1, 'gpt-4o': 1 }));
    const perType = await api<Record<string, string[]>>(t.app, user, 'GET', '/api/models');
    expect(perType.body.data['1']).toContain('gpt-4o');
    expect(perType.body.data['1']).not.toContain('claude-sonnet-4-5');
    expect(perType.body.data['14']).toContain('claude-sonnet-4-5');
    expect(perType.body.data['24']).toContain('gemini-2.5-pro');
    expect(perType.body.data['8']).toEqual(expect.arrayContaining(['qwen-max', 'gpt-4o']));
    expect(perType.body.data['43']).toContain('deepseek-chat');

    const disabled = await add({ models: 'only-disabled-model', status: 2 });
    const enabled = await api<string[]>(t.app, admin, 'GET', '/api/channel/models_enabled');
    expect(enabled.body.data).toEqual(expect.arrayContaining(['gpt-4o', 'claude-sonnet-4-5']));
    expect(enabled.body.data).not.toContain('only-disabled-model');

    // A change made behind the gateway's back reaches the index only through a rebuild.
    await t.ctx.db.updateTable('channels').set({ status: 1 }).where('id', '=', disabled).execute();
    expect(t.ctx.channels.modelsForGroup('default')).not.toContain('only-disabled-model');
    expect((await api(t.app, admin, 'POST', '/api/channel/fix')).status).toBe(403);
    const fix = await api<Record<string, number>>(t.app, root, 'POST', '/api/channel/fix');
    const rows = await t.ctx.db.selectFrom('channels').select('id').execute();
    expect(fix.body.data).toMatchObject({ success: rows.length, fails: 0, enabled: rows.length });
    // pool2: 2 channels × 2 groups × 2 models, other: 1, the last one: 1.
    expect(fix.body.data.abilities).toBe(10);
    expect(t.ctx.channels.modelsForGroup('default')).toContain('only-disabled-model');
  });

  it('sorts the list by a column in either direction', async () => {
    await add({ name: 'sort-b', tag: 'sorting', weight: 20, priority: 0 });
    await add({ name: 'sort-a', tag: 'sorting', weight: 10, priority: 9 });
    await add({ name: 'sort-c', tag: 'sorting', weight: 30, priority: 5 });
    const names = async (query: string) =>
      (
        await api<ChannelPage>(t.app, admin, 'GET', `/api/channel/?tag=sorting${query}`)
      ).body.data.items.map((c) => c.name);
    expect(await names('')).toEqual(['sort-a', 'sort-c', 'sort-b']);
    expect(await names('&id_sort=true')).toEqual(['sort-c', 'sort-a', 'sort-b']);
    expect(await names('&sort_by=weight&sort_order=asc')).toEqual(['sort-a', 'sort-b', 'sort-c']);
    expect(await names('&sort_by=weight')).toEqual(['sort-c', 'sort-b', 'sort-a']);
    expect(await names('&sort_by=name&sort_order=ASC')).toEqual(['sort-a', 'sort-b', 'sort-c']);
    expect(await names('&sort_by=id&sort_order=asc')).toEqual(['sort-b', 'sort-a', 'sort-c']);
    expect(await names('&sort_by=&sort_order=')).toEqual(['sort-a', 'sort-c', 'sort-b']);
    const bad = await api(t.app, admin, 'GET', '/api/channel/?sort_by=key');
    expect(bad.body).toMatchObject({ success: false, code: 'invalid_request' });
  });
});
