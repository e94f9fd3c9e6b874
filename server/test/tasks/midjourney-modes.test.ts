import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupRatio } from '../../src/config/settings/groups/billing.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { balancesOf, seedChannel } from '../relay/relay-fixture.js';
import {
  engine,
  imaginePrice,
  models,
  startMidjourneyTest,
  type MidjourneyTest,
} from './midjourney-fixture.js';

/**
 * How a submit is let in and routed: speed modes, Midjourney clients' keys, the backup pool, and
 * channels or drawing switched off.
 */
describe(`Midjourney modes and channels on ${engine}`, () => {
  let t: MidjourneyTest;
  beforeAll(async () => {
    t = await startMidjourneyTest();
  });
  afterAll(() => t.cleanup());

  it('resolves the speed mode (key, path, filter, prompt), forwards it and limits it', async () => {
    const relaxed = await t.submit('/mj-relax/mj/submit/imagine', { prompt: 'a calm sea' });
    expect(relaxed.json().code).toBe(1);
    expect(t.lastSubmit(t.first).path).toBe('/mj-relax/mj/submit/imagine');
    expect((await t.drawing(relaxed.json().result as string)).mode).toBe('relax');

    const turboKey = await t.keyWith({ mode: 'turbo' });
    const keyed = await t.submit('/mj-relax/mj/submit/imagine', { prompt: 'a comet' }, turboKey);
    expect(t.lastSubmit(t.first).path).toBe('/mj-turbo/mj/submit/imagine');
    expect((await t.drawing(keyed.json().result as string)).mode).toBe('turbo');

    const filtered = await t.submit('/mj/submit/imagine', {
      prompt: 'a dune --relax',
      accountFilter: { modes: ['FAST'] },
    });
    expect(t.lastSubmit(t.first).path).toBe('/mj-fast/mj/submit/imagine');
    expect(t.lastSubmit(t.first).body).not.toHaveProperty('accountFilter');
    expect((await t.drawing(filtered.json().result as string)).mode).toBe('fast');

    await t.ctx.settings.set('MjModeClearEnabled', 'true');
    const cleared = await t.submit('/mj/submit/imagine', { prompt: 'a hill --turbo --ar 16:9' });
    await t.ctx.settings.set('MjModeClearEnabled', 'false');
    expect(t.lastSubmit(t.first).path).toBe('/mj-turbo/mj/submit/imagine');
    expect(t.lastSubmit(t.first).body.prompt).toBe('a hill --ar 16:9');
    expect((await t.drawing(cleared.json().result as string)).prompt).toBe('a hill --ar 16:9');

    await t.ctx.settings.set('MjRelaxRateLimits', '1');
    const once = await t.submit('/mj/submit/imagine', { prompt: 'a calm lake --relax' });
    const again = await t.submit('/mj/submit/imagine', { prompt: 'a calm pond --relax' });
    await t.ctx.settings.set('MjRelaxRateLimits', '0');
    expect(once.json().code).toBe(1);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 30, type: 'task_mode_rate_limited', result: null });
  });

  it('authenticates Midjourney clients by mj-api-secret and refuses bad keys in its shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/mj/submit/imagine',
      headers: { 'mj-api-secret': t.alice.key, authorization: 'midjourney-proxy' },
      payload: { prompt: 'a key test' },
    });
    expect(res.json().code).toBe(1);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/mj/submit/imagine',
      headers: { 'mj-api-secret': 'sk-nope' },
      payload: { prompt: 'x' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 4, result: null, type: 'token_invalid' });
    const upload = await t.submit('/mj/submit/upload-discord-images', {
      base64Array: ['data:image/png;base64,AAAA'],
    });
    expect(upload.json()).toMatchObject({ code: 1 });
    expect(upload.json().result[0]).toContain('/files/upload-0.png');
    expect(await t.lastDrawingOf(t.alice.userId)).toMatchObject({
      action: 'UPLOAD',
      status: 'SUCCESS',
      model_name: 'mj_upload',
    });
    const blend = await t.submit('/mj/submit/blend', {
      base64Array: ['data:image/png;base64,AAAA', 'data:image/png;base64,BBBB'],
      dimensions: 'PORTRAIT',
    });
    expect(blend.json()).toMatchObject({ code: 1 });
    expect(await t.drawing(blend.json().result as string)).toMatchObject({
      action: 'BLEND',
      model_name: 'mj_blend',
      status: 'SUBMITTED',
    });
  });

  it('overflows into the backup pool at the key’s group price when the group is saturated', async () => {
    const backupChannel = await seedChannel(t.ctx, {
      type: 5,
      baseUrl: t.second.url,
      key: 'mj-secret-b',
      models,
      group: 'mj-backup',
    });
    const ratios = JSON.stringify(t.ctx.settings.get(groupRatio));
    await t.ctx.settings.set('GroupRatio', JSON.stringify({ default: 1, 'mj-backup': 2 }));
    const pooled = await t.keyWith({ backup_pool: true });
    const plain = await t.keyWith({});
    try {
      t.first.fault = { status: 503, times: 1 };
      const without = await t.submit('/mj/submit/imagine', { prompt: 'a wave' }, plain);
      expect(without.statusCode).toBe(502);
      expect(without.json()).toMatchObject({ code: 9, result: null });

      const before = await balancesOf(t.ctx, t.alice.userId);
      t.first.fault = { status: 503, times: 1 };
      const res = await t.submit('/mj/submit/imagine', { prompt: 'a big wave' }, pooled);
      expect(res.json().code).toBe(1);
      expect(await t.drawing(res.json().result as string)).toMatchObject({
        channel_id: backupChannel,
        group: 'mj-backup',
        quota: imaginePrice,
      });
      const refused = await t.ctx.db
        .selectFrom('midjourneys')
        .selectAll()
        .where('prompt', '=', 'a big wave')
        .where('status', '=', 'FAILURE')
        .executeTakeFirstOrThrow();
      expect(refused).toMatchObject({ channel_id: t.channelA, refunded: 1 });
      expect((await balancesOf(t.ctx, t.alice.userId)).quota).toBe(before.quota - imaginePrice);
    } finally {
      await t.ctx.settings.set('GroupRatio', ratios);
      await t.setChannelStatus(backupChannel, 2);
    }
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('reports "no instance" (3) as a channel failure for automatic disabling', async () => {
    await t.ctx.settings.set('AutomaticDisableChannelEnabled', 'true');
    await t.ctx.settings.set('AutomaticDisableStatusCodes', '401,503');
    try {
      const res = await t.submit('/mj/submit/imagine', { prompt: 'a gap #noinstance' });
      expect(res.json()).toMatchObject({ code: 3, result: null });
      let status = 1;
      for (let i = 0; i < 40 && status === 1; i++) {
        await sleep(25);
        const row = await t.ctx.db
          .selectFrom('channels')
          .select('status')
          .where('id', '=', t.channelA)
          .executeTakeFirstOrThrow();
        status = row.status;
      }
      expect(status).toBe(3);
    } finally {
      await t.ctx.settings.set('AutomaticDisableChannelEnabled', 'false');
      await t.ctx.settings.set('AutomaticDisableStatusCodes', '401');
      await t.setChannelStatus(t.channelA, 1);
    }
  });

  it('refuses drawings while drawing is switched off', async () => {
    await t.ctx.settings.set('DrawingEnabled', 'false');
    const res = await t.submit('/mj/submit/imagine', { prompt: 'a closed door' });
    await t.ctx.settings.set('DrawingEnabled', 'true');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ type: 'drawing_disabled', result: null });
  });
});
