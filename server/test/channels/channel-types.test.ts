import { Role, type ChannelItem } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedChannelType } from '@gateway/shared';
import { supportedChannelTypes } from '../../src/relay/adaptors/registry.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { api, roleUsers, type TestUser } from '../tokens/console-helpers.js';

describe(`GET /api/channel/types on ${testDb}`, () => {
  let t: TestApp;
  let root: TestUser;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    ({ root, admin, user } = await roleUsers(t.ctx));
  });
  afterAll(() => t.cleanup());

  it('answers admins the types the relay serves, with names and default addresses', async () => {
    const res = await api<ServedChannelType[]>(t.app, admin, 'GET', '/api/channel/types');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const types = res.body.data;
    // Chat vendors from the adaptor registry, and the task protocols (Midjourney, Suno, videos).
    expect(types.map((x) => x.type)).toEqual(
      [...new Set([...supportedChannelTypes(), 2, 5, 36, 50, 55])].sort((a, b) => a - b),
    );
    const byType = new Map(types.map((x) => [x.type, x]));
    expect(byType.get(1)).toEqual({
      type: 1,
      name: 'OpenAI',
      base_url: 'https://api.openai.com',
      base_url_required: false,
      format: 'openai',
    });
    expect(byType.get(3)).toMatchObject({ name: 'Azure OpenAI', base_url_required: true });
    expect(byType.get(8)).toMatchObject({ base_url: '', base_url_required: true });
    expect(byType.get(14)).toMatchObject({ base_url: 'https://api.anthropic.com' });
    expect(byType.get(24)).toMatchObject({ base_url_required: false, format: 'gemini' });
    expect(byType.get(2)).toMatchObject({ base_url_required: true, format: 'midjourney' });
    expect(byType.get(36)).toMatchObject({ name: 'Suno API', format: 'suno' });
    expect(byType.get(55)).toMatchObject({ format: 'openai-video', base_url_required: false });
    // Baidu is in the contract and in `GET /api/models`, but the relay cannot serve it.
    expect(byType.has(15)).toBe(false);
    const models = await api<Record<string, string[]>>(t.app, admin, 'GET', '/api/models');
    expect(Object.keys(models.body.data)).toContain('2');

    expect((await api(t.app, root, 'GET', '/api/channel/types')).status).toBe(200);
  });

  it('refuses ordinary users and anonymous callers', async () => {
    const res = await api(t.app, user, 'GET', '/api/channel/types');
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/channel/types' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is in the OpenAPI document with the admin role', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const operation = res.json().paths['/api/channel/types'].get;
    expect(operation['x-min-role']).toBe(Role.admin);
  });

  it('refuses saving an unserved type or an Azure channel without an endpoint', async () => {
    const add = (channel: object) =>
      api(t.app, root, 'POST', '/api/channel/', {
        mode: 'single',
        channel: { name: 'c', key: 'sk-x', models: 'gpt-4o', ...channel },
      });
    expect((await add({ type: 15 })).body).toMatchObject({
      success: false,
      code: 'channel_type_unsupported',
    });
    expect((await add({ type: 3 })).body).toMatchObject({
      success: false,
      code: 'channel_base_url_required',
    });
    expect((await add({ type: 3, base_url: 'https://x.openai.azure.com' })).body.success).toBe(
      true,
    );
  });

  it('still reads a stored channel whose type is no longer served', async () => {
    const created = await api<number[]>(t.app, root, 'POST', '/api/channel/', {
      mode: 'single',
      channel: { name: 'legacy-mj', type: 1, key: 'sk-old', models: 'mj_imagine' },
    });
    const [id] = created.body.data;
    // A type the relay served once, or a row written by another gateway on the same database.
    await t.ctx.db.updateTable('channels').set({ type: 15 }).where('id', '=', id).execute();
    const got = await api<ChannelItem>(t.app, admin, 'GET', `/api/channel/${id}`);
    expect(got.body.data).toMatchObject({ name: 'legacy-mj', type: 15 });
  });
});
