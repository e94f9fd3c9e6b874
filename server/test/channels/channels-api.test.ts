import { type ChannelItem } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { api, roleUsers, type TestUser } from '../tokens/console-helpers.js';

type ChannelPage = { total: number; items: ChannelItem[]; type_counts: Record<string, number> };

describe(`channels on ${testDb}`, () => {
  let t: TestApp;
  let root: TestUser;
  let admin: TestUser;
  let user: TestUser;
  const base = {
    name: 'main',
    type: 1,
    key: 'sk-one',
    models: 'gpt-4o,gpt-4o-mini',
    group: 'default',
  };
  const add = async (channel: object, mode: 'single' | 'batch' = 'single') =>
    api<number[]>(t.app, root, 'POST', '/api/channel/', { mode, channel: { ...base, ...channel } });
  const list = async (query = '') =>
    (await api<ChannelPage>(t.app, admin, 'GET', `/api/channel/?page_size=100${query}`)).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    ({ root, admin, user } = await roleUsers(t.ctx));
  });
  afterAll(() => t.cleanup());

  it('lets admins read and only root write', async () => {
    const [id] = (await add({ name: 'perm' })).body.data;
    expect((await api(t.app, user, 'GET', '/api/channel/')).status).toBe(403);
    expect((await api(t.app, admin, 'GET', `/api/channel/${id}`)).body.success).toBe(true);
    const writes = [
      api(t.app, admin, 'POST', '/api/channel/', { mode: 'single', channel: base }),
      api(t.app, admin, 'PUT', '/api/channel/', { id, name: 'x' }),
      api(t.app, admin, 'DELETE', `/api/channel/${id}`),
      api(t.app, admin, 'POST', `/api/channel/${id}/key`),
      api(t.app, admin, 'POST', '/api/channel/batch', { ids: [id] }),
      api(t.app, admin, 'POST', `/api/channel/copy/${id}`),
    ];
    for (const res of await Promise.all(writes)) expect(res.status).toBe(403);
  });

  it('creates a channel with defaults and never returns its key except to reveal it', async () => {
    const [id] = (
      await add({
        name: 'azure',
        type: 3,
        base_url: 'https://x.openai.azure.com/',
        model_mapping: { 'gpt-4o': 'gpt4o-deploy' },
      })
    ).body.data;
    const got = await api<ChannelItem>(t.app, admin, 'GET', `/api/channel/${id}`);
    expect(got.body.data).toMatchObject({
      name: 'azure',
      type: 3,
      status: 1,
      other: '2023-03-15-preview',
      base_url: 'https://x.openai.azure.com',
      model_mapping: '{"gpt-4o":"gpt4o-deploy"}',
      auto_ban: 1,
      group: 'default',
    });
    expect(got.body.data).not.toHaveProperty('key');
    expect(JSON.stringify(await list())).not.toContain('sk-one');
    const key = await api<{ key: string }>(t.app, root, 'POST', `/api/channel/${id}/key`);
    expect(key.body.data.key).toBe('sk-one');
  });

  it('makes one channel per key line in batch mode, and from the older bare body', async () => {
    const batch = await add({ name: 'many', key: 'k1\nk2\n\n k3 \nk1' }, 'batch');
    expect(batch.body.data).toHaveLength(3);
    const bare = await api<number[]>(t.app, root, 'POST', '/api/channel/', {
      ...base,
      name: 'bare',
      key: 'b1\nb2',
    });
    expect(bare.body.data).toHaveLength(2);
    const keys = await Promise.all(
      batch.body.data.map(
        async (id) =>
          (await api<{ key: string }>(t.app, root, 'POST', `/api/channel/${id}/key`)).body.data.key,
      ),
    );
    expect(keys).toEqual(['k1', 'k2', 'k3']);
    expect((await add({ name: 'one', key: 'a\nb' })).body.code).toBe('channel_key_multiline');
  });

  it('validates with a message id per rule', async () => {
    const cases: Array<[object, string]> = [
      [{ name: '' }, 'channel_name_required'],
      [{ name: undefined }, 'channel_name_required'],
      [{ key: ' ' }, 'channel_key_required'],
      [{ models: '' }, 'channel_models_required'],
      [{ models: [] }, 'channel_models_required'],
      [{ model_mapping: '{"a": 1}' }, 'model_mapping_invalid'],
      [{ model_mapping: 'not json' }, 'model_mapping_invalid'],
      [{ status_code_mapping: '{"400": "abc"}' }, 'status_code_mapping_invalid'],
      [{ setting: '[1]' }, 'channel_setting_invalid'],
      [{ base_url: 'ftp://x' }, 'channel_base_url_invalid'],
      [{ type: 999 }, 'channel_type_unsupported'],
      [{ type: 8, base_url: '' }, 'channel_base_url_required'],
    ];
    for (const [channel, code] of cases) {
      const res = await add(channel);
      expect({ success: res.body.success, code: res.body.code }).toEqual({ success: false, code });
    }
    const mode = await api(t.app, root, 'POST', '/api/channel/', {
      mode: 'multi_to_single',
      channel: base,
    });
    expect(mode.body.code).toBe('channel_mode_unsupported');
  });

  it('edits only what is sent; an empty key keeps the stored one', async () => {
    const [id] = (await add({ name: 'edit', key: 'keep-me' })).body.data;
    const res = await api<ChannelItem>(t.app, root, 'PUT', '/api/channel/', {
      id,
      key: '',
      name: 'edited',
      priority: 5,
      weight: 3,
      status: 2,
    });
    expect(res.body.data).toMatchObject({
      name: 'edited',
      priority: 5,
      weight: 3,
      status: 2,
      models: 'gpt-4o,gpt-4o-mini',
    });
    expect(
      (await api<{ key: string }>(t.app, root, 'POST', `/api/channel/${id}/key`)).body.data.key,
    ).toBe('keep-me');
    const missing = await api(t.app, root, 'PUT', '/api/channel/', { id: 999999, name: 'x' });
    expect(missing.body.code).toBe('channel_not_found');
    expect((await api(t.app, root, 'PUT', '/api/channel/', { id, status: 3 })).body.code).toBe(
      'channel_status_invalid',
    );
  });

  it('filters by state, type, group, tag, keyword and model, with counts per type', async () => {
    await add({
      name: 'filter-a',
      type: 43,
      group: 'vip,default',
      tag: 'ftag',
      models: 'deepseek-chat',
    });
    await add({
      name: 'filter-b',
      type: 43,
      group: 'svip',
      tag: 'ftag',
      models: 'deepseek-reasoner',
      status: 2,
    });
    const names = (page: ChannelPage) => page.items.map((c) => c.name).sort();
    expect(names(await list('&tag=ftag'))).toEqual(['filter-a', 'filter-b']);
    expect(names(await list('&tag=ftag&status=1'))).toEqual(['filter-a']);
    expect(names(await list('&group=vip'))).toEqual(['filter-a']);
    expect(names(await list('&group=svip'))).toEqual(['filter-b']);
    expect(names(await list('&keyword=FILTER-'))).toEqual(['filter-a', 'filter-b']);
    expect(names(await list('&model=reasoner'))).toEqual(['filter-b']);
    const typed = await list('&type=43');
    expect(names(typed)).toEqual(['filter-a', 'filter-b']);
    expect(typed.type_counts['43']).toBe(2);
    expect(typed.type_counts['1']).toBeGreaterThan(0);
    const search = await api<ChannelPage>(
      t.app,
      admin,
      'GET',
      '/api/channel/search?keyword=filter-a',
    );
    expect(names(search.body.data)).toEqual(['filter-a']);
  });

  it('tags a selection and enables or disables a tag group', async () => {
    const ids = (await add({ name: 'tagged', key: 't1\nt2' }, 'batch')).body.data;
    expect(
      (await api(t.app, root, 'POST', '/api/channel/batch/tag', { ids, tag: '' })).body.code,
    ).toBe('tag_required');
    expect(
      (await api(t.app, root, 'POST', '/api/channel/batch/tag', { ids: [], tag: 'x' })).body.code,
    ).toBe('channels_not_selected');
    expect(
      (await api<number>(t.app, root, 'POST', '/api/channel/batch/tag', { ids, tag: 'group-t' }))
        .body.data,
    ).toBe(2);
    expect(
      (await api<number>(t.app, root, 'POST', '/api/channel/tag/disabled', { tag: 'group-t' })).body
        .data,
    ).toBe(2);
    expect((await list('&tag=group-t')).items.map((c) => c.status)).toEqual([2, 2]);
    expect((await api(t.app, root, 'POST', '/api/channel/tag/enabled', {})).body.code).toBe(
      'tag_required',
    );
    await api(t.app, root, 'POST', '/api/channel/tag/enabled', { tag: 'group-t' });
    expect((await list('&tag=group-t')).items.map((c) => c.status)).toEqual([1, 1]);
  });

  it('copies a channel with fresh figures', async () => {
    const [id] = (await add({ name: 'orig', key: 'copy-key', tag: 'c' })).body.data;
    await t.ctx.db
      .updateTable('channels')
      .set({ used_quota: 99, balance: 5, response_time: 300 })
      .where('id', '=', id)
      .execute();
    const copy = await api<{ id: number }>(t.app, root, 'POST', `/api/channel/copy/${id}`);
    const got = (await api<ChannelItem>(t.app, admin, 'GET', `/api/channel/${copy.body.data.id}`))
      .body.data;
    expect(got).toMatchObject({
      name: 'orig_copy',
      tag: 'c',
      used_quota: 0,
      balance: 0,
      response_time: 0,
    });
    expect(
      (await api<{ key: string }>(t.app, root, 'POST', `/api/channel/${got.id}/key`)).body.data.key,
    ).toBe('copy-key');
  });

  it('deletes one, a selection, or every disabled channel', async () => {
    const ids = (await add({ name: 'del', key: 'd1\nd2\nd3\nd4' }, 'batch')).body.data;
    expect((await api(t.app, root, 'DELETE', `/api/channel/${ids[0]}`)).body.success).toBe(true);
    expect((await api(t.app, root, 'DELETE', `/api/channel/${ids[0]}`)).body.code).toBe(
      'channel_not_found',
    );
    expect((await api(t.app, root, 'POST', '/api/channel/batch', { ids: [] })).body.code).toBe(
      'channels_not_selected',
    );
    expect(
      (await api<number>(t.app, root, 'POST', '/api/channel/batch', { ids: [ids[1]] })).body.data,
    ).toBe(1);
    await t.ctx.db.updateTable('channels').set({ status: 3 }).where('id', '=', ids[2]).execute();
    await api(t.app, root, 'PUT', '/api/channel/', { id: ids[3], status: 2 });
    const removed = await api<number>(t.app, root, 'DELETE', '/api/channel/disabled');
    expect(removed.body.data).toBeGreaterThanOrEqual(2);
    expect((await list()).items.every((c) => c.status === 1 || c.status === 0)).toBe(true);
  });
});
