import type { ServedChannelType } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Presets from '../../src/relay/adaptors/presets.js';
import { startRelayTest, type RelayTest } from '../relay/relay-setup.js';
import { api, roleUsers, type TestUser } from '../tokens/console-helpers.js';

/** A vendor the gateway has never heard of, type id 900 (hoisted: `vi.mock` runs first). */
const { acme } = vi.hoisted(() => ({ acme: 900 }));

// Adding an OpenAI-compatible vendor is one entry in `relay/adaptors/presets.ts`; this test
// adds it there and nowhere else, and follows it through the whole product.
vi.mock('../../src/relay/adaptors/presets.js', async (importOriginal) => {
  const original = await importOriginal<typeof Presets>();
  return {
    ...original,
    OPENAI_COMPATIBLE_PRESETS: [
      ...original.OPENAI_COMPATIBLE_PRESETS,
      {
        type: acme,
        name: 'Acme AI',
        baseUrl: 'https://api.acme.example',
        apiPrefix: '/v1',
        endpoints: ['embeddings'],
        listModels: true,
        models: { owner: 'acme', pattern: /^acme-/ },
      },
    ],
  };
});

describe('a vendor added in one place', () => {
  let r: RelayTest;
  let root: TestUser;

  beforeAll(async () => {
    r = await startRelayTest();
    ({ root } = await roleUsers(r.ctx));
    await r.ctx.settings.set('ModelRatio', JSON.stringify({ 'acme-chat-1': 1 }));
  });
  afterAll(() => r.cleanup());

  it('is offered by the channel editor with its name and default address', async () => {
    const types = await api<ServedChannelType[]>(r.app, root, 'GET', '/api/channel/types');
    expect(types.body.data.find((t) => t.type === acme)).toEqual({
      type: acme,
      name: 'Acme AI',
      base_url: 'https://api.acme.example',
      base_url_required: false,
      format: 'openai',
    });
    // Its model family (declared in the preset) fills the editor's suggestions and the
    // known-model list with its owner.
    const models = await api<Record<string, string[]>>(r.app, root, 'GET', '/api/models');
    expect(models.body.data[String(acme)]).toEqual(['acme-chat-1']);
    const known = await api<Array<{ id: string; owned_by: string; channel_types: number[] }>>(
      r.app,
      root,
      'GET',
      '/api/channel/models',
    );
    expect(known.body.data.find((m) => m.id === 'acme-chat-1')).toMatchObject({
      owned_by: 'acme',
      channel_types: [8, acme],
    });
  });

  it('is saved, routed to, listed and priced', async () => {
    const saved = await api<number[]>(r.app, root, 'POST', '/api/channel/', {
      mode: 'single',
      channel: {
        type: acme,
        name: 'acme',
        key: 'sk-acme',
        base_url: r.up.url,
        models: 'acme-chat-1',
        group: 'default',
      },
    });
    expect(saved.body).toMatchObject({ success: true, message: '' });
    await r.ctx.channels.refresh();

    const res = await r.post('/v1/chat/completions', {
      model: 'acme-chat-1',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(res.statusCode).toBe(200);
    const received = r.up.requests.at(-1)!;
    expect(received.path).toBe('/v1/chat/completions');
    expect(received.headers.authorization).toBe('Bearer sk-acme');

    const listed = await r.app.inject({
      method: 'GET',
      url: '/v1/models',
      headers: { authorization: `Bearer ${r.key}` },
    });
    expect(listed.json().data.map((m: { id: string }) => m.id)).toContain('acme-chat-1');

    const pricing = await r.app.inject({ method: 'GET', url: '/api/pricing' });
    const item = pricing
      .json()
      .data.find((m: { model_name: string }) => m.model_name === 'acme-chat-1');
    expect(item).toMatchObject({ model_ratio: 1, supported_endpoint_types: ['openai'] });
  });
});
