import { Role, type NotificationItem, type NotificationSettings } from '@gateway/shared';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LowBalanceWatch } from '../../src/domain/notifications/low-balance.js';
import { closeExpiredOrders } from '../../src/domain/payments/close.js';
import { testDb, testRedis } from '../helpers/test-context.js';
import { startRelayTest, type RelayTest } from '../relay/relay-setup.js';
import { sendJson, startFakeHttp, type FakeHttp } from '../signin/fakes/fake-http.js';
import { startFakeSmtp, type FakeSmtp } from '../signin/fakes/smtp.js';
import { startFakeWxPusher, type FakeWxPusher } from '../signin/fakes/wxpusher.js';
import { smtpCredentials, useSmtp } from '../signin/signin-helpers.js';
import { api, newUser, until, type TestUser } from '../tokens/console-helpers.js';

const dingSecret = 'SECtest-signing-key';
type Page = { total: number; items: NotificationItem[] };

describe(`notifications on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let r: RelayTest;
  let robots: FakeHttp;
  let wx: FakeWxPusher;
  let smtp: FakeSmtp;
  let failing = true;

  beforeAll(async () => {
    r = await startRelayTest();
    await newUser(r.ctx, Role.root);
    await r.channel({ models: ['gpt-4o-mini'] });
    robots = await startFakeHttp({
      'POST /wecom': (x) => sendJson(x.res, 200, { errcode: 0, errmsg: 'ok' }),
      'POST /dingtalk': (x) => {
        const ts = x.query.get('timestamp') ?? '';
        const expected = createHmac('sha256', dingSecret)
          .update(`${ts}\n${dingSecret}`)
          .digest('base64');
        const fresh = Math.abs(Date.now() - Number(ts)) < 3_600_000;
        const ok = fresh && x.query.get('sign') === expected;
        sendJson(
          x.res,
          200,
          ok ? { errcode: 0, errmsg: 'ok' } : { errcode: 310000, errmsg: 'sign not match' },
        );
      },
      'POST /hook': (x) => sendJson(x.res, 200, { ok: true }),
      'POST /flaky': (x) =>
        failing ? sendJson(x.res, 503, { message: 'down' }) : sendJson(x.res, 200, { ok: true }),
    });
    wx = await startFakeWxPusher('AT_notify');
    await r.ctx.settings.set('WxPusherAppToken', 'AT_notify');
    await r.ctx.settings.set('WxPusherBaseUrl', wx.url);
    smtp = await startFakeSmtp(smtpCredentials);
    await useSmtp(r.ctx, smtp);
    // The receivers listen on loopback; by default only public addresses are reached.
    await r.ctx.settings.set('NotifyPrivateAddresses', 'true');
  });
  afterAll(async () => {
    await r.cleanup();
    await robots.close();
    await wx.close();
    await smtp.close();
  });

  const save = (user: TestUser, body: Record<string, unknown>) =>
    api<NotificationSettings>(r.app, user, 'PUT', '/api/user/notification', body);
  const history = async (user: TestUser) =>
    (await api<Page>(r.app, user, 'GET', '/api/user/notification/history')).body.data.items;
  const test = async (user: TestUser) => {
    const sent = await api(r.app, user, 'POST', '/api/user/notification/test');
    await r.ctx.notifications.settled();
    await r.ctx.notifications.drain();
    return sent;
  };
  const lastTo = (path: string) => robots.requests.filter((q) => q.url.startsWith(path)).at(-1)!;

  it('keeps secrets out of the settings it returns and needs a target for the method', async () => {
    const user = await newUser(r.ctx, Role.user);
    expect((await save(user, { method: 'wecom' })).body.code).toBe('notify_target_required');
    expect((await save(user, { method: 'webhook', webhook_url: 'ftp://x' })).body.code).toBe(
      'notify_url_invalid',
    );
    const saved = await save(user, {
      method: 'webhook',
      webhook_url: `${robots.url}/hook`,
      webhook_token: 'tok-123',
      events: ['low_balance', 'topup'],
    });
    expect(saved.body.data).toMatchObject({ webhook_token: '', has_webhook_token: true });
    const again = await save(user, {
      method: 'webhook',
      webhook_url: `${robots.url}/hook`,
      events: ['topup'],
    });
    expect(again.body.data).toMatchObject({ has_webhook_token: true, events: ['topup'] });
  });

  it('says why a test e-mail cannot be sent instead of queuing it', async () => {
    // E-mail is the method of a user who chose none.
    const user = await newUser(r.ctx, Role.user);
    const noAddress = await test(user);
    expect(noAddress.body).toMatchObject({ success: false, code: 'notify_test_no_email' });
    await r.ctx.db
      .updateTable('users')
      .set({ email: 'bound@example.com' })
      .where('id', '=', user.id)
      .execute();
    await r.ctx.settings.set('SMTPServer', '');
    try {
      const noServer = await test(user);
      expect(noServer.body.code).toBe('notify_test_no_smtp');
    } finally {
      await useSmtp(r.ctx, smtp);
    }
    expect(await history(user)).toEqual([]);
    expect((await test(user)).body.success).toBe(true);
  });

  it('delivers by every method to receivers that check what they get', async () => {
    const user = await newUser(r.ctx, Role.user);
    await r.ctx.db
      .updateTable('users')
      .set({ wxpusher_uid: 'UID_bound', email: 'user@example.com' })
      .where('id', '=', user.id)
      .execute();

    await save(user, {
      method: 'webhook',
      webhook_url: `${robots.url}/hook`,
      webhook_token: 'tok-123',
    });
    expect((await test(user)).body.success).toBe(true);
    const hook = lastTo('/hook');
    expect(hook.headers.authorization).toBe('Bearer tok-123');
    expect(hook.headers['x-webhook-signature']).toBe(
      createHmac('sha256', 'tok-123').update(hook.body).digest('hex'),
    );
    expect(JSON.parse(hook.body)).toMatchObject({
      type: 'test',
      title: expect.stringContaining('test notification'),
    });

    // "Send a test" has a cooldown.
    const soon = await api(r.app, user, 'POST', '/api/user/notification/test');
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe('notify_test_cooldown');

    const methods: Array<[Record<string, unknown>, () => void]> = [
      [
        {
          method: 'dingtalk',
          dingtalk_url: `${robots.url}/dingtalk?access_token=abc`,
          dingtalk_secret: dingSecret,
          dingtalk_mobiles: ['13800000000'],
        },
        () => {
          const q = lastTo('/dingtalk');
          expect(q.url).toContain('access_token=abc');
          expect(JSON.parse(q.body)).toMatchObject({
            msgtype: 'text',
            at: { atMobiles: ['13800000000'] },
          });
          expect(JSON.parse(q.body).text.content).toContain('@13800000000');
        },
      ],
      [
        { method: 'wecom', wecom_url: `${robots.url}/wecom?key=k`, wecom_mobiles: ['@all'] },
        () => {
          const q = JSON.parse(lastTo('/wecom').body);
          expect(q).toMatchObject({ msgtype: 'text', text: { mentioned_mobile_list: ['@all'] } });
        },
      ],
      [
        { method: 'wxpusher', open_ids: ['UID_extra'] },
        () => {
          const q = JSON.parse(
            wx.requests.filter((x) => x.url === '/api/send/message').at(-1)!.body,
          );
          expect(q).toMatchObject({
            appToken: 'AT_notify',
            uids: ['UID_bound', 'UID_extra'],
            contentType: 1,
          });
        },
      ],
      [{ method: 'email', email: 'alerts@example.com' }, () => undefined],
    ];
    for (const [prefs, check] of methods) {
      expect((await save(user, prefs)).body.success).toBe(true);
      await r.ctx.shared.del(`notify:test:${user.id}`);
      await test(user);
      check();
    }
    await smtp.waitFor((m) => m.to.includes('alerts@example.com'));
    const sent = await history(user);
    expect(sent.map((n) => [n.method, n.status])).toEqual([
      ['email', 'sent'],
      ['wxpusher', 'sent'],
      ['wecom', 'sent'],
      ['dingtalk', 'sent'],
      ['webhook', 'sent'],
    ]);
  });

  it('shows a DingTalk signature mismatch as a failure and retries with backoff', async () => {
    const user = await newUser(r.ctx, Role.user);
    await save(user, {
      method: 'dingtalk',
      dingtalk_url: `${robots.url}/dingtalk`,
      dingtalk_secret: 'SECwrong',
    });
    await test(user);
    const [first] = await history(user);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.last_error).toContain('310000');

    // Four retries later (made due at once here) it has failed for good.
    for (let i = 0; i < 4; i++) {
      await r.ctx.db
        .updateTable('notifications')
        .set({ next_attempt_at: 0 })
        .where('user_id', '=', user.id)
        .execute();
      await r.ctx.notifications.drain();
    }
    const [last] = await history(user);
    expect(last).toMatchObject({ status: 'failed', attempts: 5 });

    // A receiver that comes back gets the retried message.
    const flaky = await newUser(r.ctx, Role.user);
    await save(flaky, { method: 'webhook', webhook_url: `${robots.url}/flaky` });
    await test(flaky);
    expect((await history(flaky))[0]).toMatchObject({
      status: 'pending',
      last_error: expect.stringContaining('503'),
    });
    failing = false;
    await r.ctx.db
      .updateTable('notifications')
      .set({ next_attempt_at: 0 })
      .where('user_id', '=', flaky.id)
      .execute();
    await r.ctx.notifications.drain();
    expect((await history(flaky))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('reaches only public addresses unless the operator allows private ones', async () => {
    await r.ctx.settings.set('NotifyPrivateAddresses', 'false');
    try {
      for (const url of [
        `${robots.url}/hook`,
        `http://localhost:${new URL(robots.url).port}/hook`,
      ]) {
        const user = await newUser(r.ctx, Role.user);
        const before = robots.requests.length;
        await save(user, { method: 'webhook', webhook_url: url });
        await test(user);
        const [sent] = await history(user);
        expect(sent.status, url).toBe('pending');
        expect(sent.last_error, url).toMatch(/not on the public internet|not a public address/);
        expect(robots.requests.length, url).toBe(before);
      }
    } finally {
      await r.ctx.settings.set('NotifyPrivateAddresses', 'true');
    }
  });

  it('tells a buyer when an unpaid order closes after the payment window', async () => {
    const user = await newUser(r.ctx, Role.user);
    await save(user, { method: 'webhook', webhook_url: `${robots.url}/hook`, events: ['order'] });
    await r.ctx.db
      .insertInto('orders')
      .values({
        trade_no: `STALE${user.id}`,
        user_id: user.id,
        gateway_id: 1,
        provider: 'epay',
        amount: 10,
        currency: 'CNY',
        money_minor: 7300,
        quota: 5_000_000,
        created_at: 1,
      })
      .execute();
    expect(await closeExpiredOrders(r.ctx)).toBeGreaterThanOrEqual(1);
    expect(await closeExpiredOrders(r.ctx)).toBe(0);
    await r.ctx.notifications.settled();
    await r.ctx.notifications.drain();
    const [sent] = await history(user);
    expect(sent).toMatchObject({ event: 'order', status: 'sent' });
    expect(sent.content).toContain(`STALE${user.id}`);
  });

  it('alerts a low balance after a relay request, once per 2 hours across instances', async () => {
    const caller = await r.newCaller(3_000);
    const user = { id: caller.userId, headers: {} } as TestUser;
    await r.ctx.db
      .insertInto('notification_prefs')
      .values({
        user_id: caller.userId,
        method: 'webhook',
        events: JSON.stringify(['low_balance', 'quota_exhausted']),
        warning_quota: 1_000_000,
        config: JSON.stringify({ webhook_url: `${robots.url}/hook` }),
        updated_at: 0,
      })
      .execute();
    const before = robots.requests.length;
    const res = await r.post(
      '/v1/chat/completions',
      { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] },
      { authorization: `Bearer ${caller.key}` },
    );
    expect(res.statusCode).toBe(200);
    await r.ctx.billing.flush();
    await until(
      async () =>
        (
          await r.ctx.db
            .selectFrom('notifications')
            .select('id')
            .where('user_id', '=', caller.userId)
            .execute()
        ).length > 0,
    );
    // The row is written first and delivered from the outbox: wait for the webhook itself.
    const lowBalanceAlerts = () =>
      robots.requests.slice(before).filter((q) => JSON.parse(q.body).type === 'low_balance');
    await until(() => lowBalanceAlerts().length > 0);
    await r.ctx.notifications.settled();
    const alerts = lowBalanceAlerts();
    expect(alerts).toHaveLength(1);
    expect(JSON.parse(alerts[0].body).content).toContain('/topup');

    // Another instance looking at the same balance stays quiet for 2 hours.
    const otherInstance = new LowBalanceWatch(r.ctx);
    otherInstance.check([caller.userId]);
    await new Promise((done) => setTimeout(done, 200));
    const rows = await r.ctx.db
      .selectFrom('notifications')
      .select('event')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((x) => x.event)).toEqual(['low_balance']);
  });
});
