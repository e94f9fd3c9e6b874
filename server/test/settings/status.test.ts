import { Role, statusData } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version } from '../../src/lib/version.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { headersForNewUser } from './sign-in.js';

describe(`GET /api/status on ${testDb}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.cleanup());

  const status = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(res.json()).toMatchObject({ success: true, message: '' });
    return res.json().data as Record<string, unknown>;
  };

  it('has every field of the status object, with defaults', async () => {
    const data = await status();
    expect(Object.keys(data).sort()).toEqual(Object.keys(statusData.shape).sort());
    expect(statusData.parse(data)).toMatchObject({
      version,
      setup: false,
      system_name: 'API',
      logo: '/logo.png',
      quota_per_unit: 500000,
      password_login_enabled: true,
      register_enabled: true,
      github_oauth: false,
      chats: [],
      data_export_default_time: 'hour',
      EpayPayment: false,
    });
  });

  it('reflects a setting change at once', async () => {
    const root = await headersForNewUser(t.ctx, Role.root);
    expect((await status()).setup).toBe(true);
    const put = (key: string, value: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/option/', headers: root, payload: { key, value } });
    await put('SystemName', 'My Gateway');
    await put('Chats', JSON.stringify([{ 'Next Chat': 'https://chat.example/#/?key={key}' }]));
    await put('DefaultCollapseSidebar', true);
    await put('RechargeDiscount', '{"100": 0.95}');
    const data = statusData.parse(await status());
    expect(data).toMatchObject({
      setup: true,
      system_name: 'My Gateway',
      chats: [{ 'Next Chat': 'https://chat.example/#/?key={key}' }],
      default_collapse_sidebar: true,
      RechargeDiscount: '{"100":0.95}',
    });
  });

  it('serves the same object from memory until something changes', async () => {
    const cache = t.ctx.status;
    const first = await cache.get();
    expect(await cache.get()).toBe(first);
    await t.ctx.settings.set('Logo', '/brand.png');
    // Written outside the option API: the change notice (through Redis when configured) rebuilds it.
    await expect.poll(async () => (await cache.get()).logo, { timeout: 5000 }).toBe('/brand.png');
  });
});
