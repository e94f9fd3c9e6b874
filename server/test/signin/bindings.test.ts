import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSetup, seedUser, signIn } from '../accounts/accounts-helpers.js';
import { createTestApp, testDb, testRedis, type TestApp } from '../helpers/test-context.js';
import { startFakeWxPusher, type FakeWxPusher } from './fakes/wxpusher.js';
import { send, setOptions } from './signin-helpers.js';

const appToken = 'AT_fake_app_token';

describe(`bindings and WxPusher on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let t: TestApp;
  let wx: FakeWxPusher;
  beforeAll(async () => {
    [t, wx] = await Promise.all([createTestApp(), startFakeWxPusher(appToken)]);
    await completeSetup(t.app);
  });
  afterAll(async () => {
    await Promise.all([t.cleanup(), wx.close()]);
  });

  /** A signed-in user whose row then gets `fields` (e.g. no password, some bindings). */
  const userWith = async (fields: Record<string, string | null>) => {
    const { id, username } = await seedUser(t.ctx, 1);
    const headers = await signIn(t.app, username);
    if (Object.keys(fields).length) {
      await t.ctx.db.updateTable('users').set(fields).where('id', '=', id).execute();
    }
    return { id, headers };
  };
  const row = (id: number) =>
    t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const unbind = (headers: Record<string, string>, kind: string) =>
    send(t.app, 'DELETE', `/api/user/self/bindings/${kind}`, { headers });

  it('unbinds a provider while another way to sign in remains', async () => {
    const { id, headers } = await userWith({ github_id: 'gh-1', wechat_id: 'wx-1' });
    expect((await unbind(headers, 'github')).body.success).toBe(true);
    expect((await row(id)).github_id).toBeNull();
    // Unbinding what is not bound does nothing.
    expect((await unbind(headers, 'linuxdo')).body.success).toBe(true);
  });

  it('refuses to remove the last way to sign in', async () => {
    const { id, headers } = await userWith({ password_hash: '', github_id: 'gh-2', email: null });
    const res = await unbind(headers, 'github');
    expect(res.body).toMatchObject({ success: false, code: 'last_login_method' });
    expect((await row(id)).github_id).toBe('gh-2');

    const mail = await userWith({
      password_hash: '',
      email: 'only@example.com',
      linuxdo_id: 'ld-2',
    });
    expect((await unbind(mail.headers, 'linuxdo')).body.success).toBe(true);
    expect((await unbind(mail.headers, 'email')).body.code).toBe('last_login_method');
  });

  it('lets only one of two simultaneous removals of the last two methods win', async () => {
    const { id, headers } = await userWith({
      password_hash: '',
      github_id: 'gh-3',
      wechat_id: 'wx-3',
    });
    const results = await Promise.all([unbind(headers, 'github'), unbind(headers, 'wechat')]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    const after = await row(id);
    expect([after.github_id, after.wechat_id].filter(Boolean)).toHaveLength(1);
  });

  it('rejects an unknown kind and anonymous callers', async () => {
    const { headers } = await userWith({});
    expect((await unbind(headers, 'myspace')).body.success).toBe(false);
    expect((await send(t.app, 'DELETE', '/api/user/self/bindings/github')).status).toBe(401);
  });

  it('lets an admin remove a binding from a user below them, not from a peer', async () => {
    const target = await userWith({ github_id: 'gh-4' });
    const admin = await seedUser(t.ctx, 10);
    const peer = await seedUser(t.ctx, 10);
    const headers = await signIn(t.app, admin.username);
    const res = await send(t.app, 'DELETE', `/api/user/${target.id}/bindings/github`, { headers });
    expect(res.body.success).toBe(true);
    expect((await row(target.id)).github_id).toBeNull();
    const denied = await send(t.app, 'DELETE', `/api/user/${peer.id}/bindings/github`, { headers });
    expect(denied.status).toBe(403);
  });

  it('binds WxPusher by QR code: create, scan, poll (at most every 10 s), unbind', async () => {
    const { id, headers } = await userWith({});
    const qr = () =>
      send<{ url: string; expires_at: number }>(t.app, 'GET', '/api/user/wxpusher/qrcode', {
        headers,
      });
    const status = () =>
      send<{ bound: boolean; expired: boolean; uid: string }>(
        t.app,
        'GET',
        '/api/user/wxpusher/bind/status',
        { headers },
      );

    expect((await qr()).body.code).toBe('wxpusher_not_configured');
    await setOptions(t.ctx, { WxPusherAppToken: appToken, WxPusherBaseUrl: wx.url });
    expect((await status()).body.data).toEqual({ bound: false, expired: true, uid: '' });

    const created = await qr();
    expect(created.body.success).toBe(true);
    const expiresIn = (created.body.data?.expires_at ?? 0) - Math.floor(Date.now() / 1000);
    expect(expiresIn).toBeGreaterThan(500);
    expect(expiresIn).toBeLessThanOrEqual(600);
    const [code, extra] = [...wx.extras.entries()].at(-1) ?? ['', ''];
    expect(extra).toMatch(new RegExp(`^bind:${id}:[A-Za-z0-9]{16}$`));
    expect(created.body.data?.url).toMatch(/^data:image\/svg\+xml;base64,/);

    expect((await status()).body.data).toEqual({ bound: false, expired: false, uid: '' });
    wx.scan(code, 'UID_alice');
    const polls = wx.requests.filter((r) => r.url.startsWith('/api/fun/scan-qrcode-uid')).length;
    // Within 10 seconds of the last poll WxPusher is not asked again.
    expect((await status()).body.data?.bound).toBe(false);
    expect(wx.requests.filter((r) => r.url.startsWith('/api/fun/scan-qrcode-uid'))).toHaveLength(
      polls,
    );
    await t.ctx.shared.del(`wxpusher-poll:${id}`);
    expect((await status()).body.data).toEqual({ bound: true, expired: false, uid: 'UID_alice' });
    expect((await row(id)).wxpusher_uid).toBe('UID_alice');
    // The code is used up: a new one is needed for another binding.
    expect((await status()).body.data?.expired).toBe(true);

    expect((await unbind(headers, 'wxpusher')).body.success).toBe(true);
    expect((await row(id)).wxpusher_uid).toBeNull();
  });

  it('reports a WxPusher error and shows wxpusher_enabled in /api/status', async () => {
    const { headers } = await userWith({});
    await setOptions(t.ctx, { WxPusherAppToken: 'AT_wrong' });
    const res = await send(t.app, 'GET', '/api/user/wxpusher/qrcode', { headers });
    expect(res.body.code).toBe('wxpusher_failed');
    expect(res.body.message).toContain('1002');
    const status = await send<{ wxpusher_enabled: boolean }>(t.app, 'GET', '/api/status');
    expect(status.body.data?.wxpusher_enabled).toBe(true);
  });
});
