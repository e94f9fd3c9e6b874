import { LogType, Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeExpiredOrders } from '../../src/domain/payments/close.js';
import { epaySign, epayVerify, startFakeEpay, type FakeEpay } from '../fake-epay/index.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { balanceOf, kindsOf, orderRow } from './money-helpers.js';
import { api, newUser, type TestUser } from '../tokens/console-helpers.js';

const key = 'merchant-secret-key';
const pid = '1001';

describe(`EPay top-ups on ${testDb}`, () => {
  let t: TestApp;
  let root: TestUser;
  let finance: TestUser;
  let buyer: TestUser;
  let epay: FakeEpay;
  let gatewayId: number;

  beforeAll(async () => {
    t = await createTestApp();
    epay = await startFakeEpay({ pid, key });
    root = await newUser(t.ctx, Role.root);
    finance = await newUser(t.ctx, Role.finance);
    buyer = await newUser(t.ctx, Role.user);
    const made = await api<{ id: number; config: Record<string, unknown> }>(
      t.app,
      root,
      'POST',
      '/api/payment/gateway/',
      {
        name: 'Alipay',
        provider: 'epay',
        payment_type: 'alipay',
        currency_rate: 7.3,
        currency: 'CNY',
        config: { base_url: epay.base, pid, key },
      },
    );
    expect(made.body.success).toBe(true);
    gatewayId = made.body.data.id;
  });
  afterAll(async () => {
    await t.cleanup();
    await epay.close();
  });

  const balance = (id: number) => balanceOf(t.ctx, id);
  const order = (tradeNo: string) => orderRow(t.ctx, tradeNo);
  const pay = async (amount: number, user = buyer) => {
    const res = await api<{
      trade_no: string;
      action: { kind: string; url: string; fields: Record<string, string> };
    }>(t.app, user, 'POST', '/api/user/pay', { amount, gateway_id: gatewayId });
    expect(res.body.success).toBe(true);
    return res.body.data;
  };
  /** The gateway's notification for an order, signed unless told otherwise. */
  const notification = (tradeNo: string, money: string, extra: Record<string, string> = {}) => {
    const params: Record<string, string> = {
      pid,
      trade_no: `G${tradeNo}`,
      out_trade_no: tradeNo,
      type: 'alipay',
      name: 'TUC10',
      money,
      trade_status: 'TRADE_SUCCESS',
      ...extra,
    };
    return { ...params, sign: epaySign(params, key), sign_type: 'MD5' };
  };
  const notify = async (params: Record<string, string>, method: 'GET' | 'POST' = 'GET') => {
    const res =
      method === 'GET'
        ? await t.app.inject({
            method,
            url: `/api/user/epay/notify?${new URLSearchParams(params)}`,
          })
        : await t.app.inject({
            method,
            url: '/api/user/epay/notify',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(params).toString(),
          });
    return res.body;
  };

  it('keeps the merchant key secret and prices the top-up before paying', async () => {
    const list = await api<Array<{ config: Record<string, unknown> }>>(
      t.app,
      root,
      'GET',
      '/api/payment/gateway/',
    );
    expect(list.body.data[0]!.config).toMatchObject({ pid, key: '' });
    expect((await api(t.app, buyer, 'GET', '/api/payment/gateway/')).body.success).toBe(false);

    await t.ctx.settings.set('RechargeDiscount', JSON.stringify({ '100': 0.9 }));
    const quote = await api<{ money_minor: number; quota: number; discount: number }>(
      t.app,
      buyer,
      'POST',
      '/api/user/topup/quote',
      {
        amount: 100,
        gateway_id: gatewayId,
      },
    );
    expect(quote.body.data).toMatchObject({
      money_minor: 65_700,
      quota: 50_000_000,
      discount: 0.9,
    });
    await t.ctx.settings.set('RechargeDiscount', '{}');

    const info = await api<{ enable_online_topup: boolean; gateways: unknown[] }>(
      t.app,
      buyer,
      'GET',
      '/api/user/topup/info',
    );
    expect(info.body.data.enable_online_topup).toBe(true);
    expect(JSON.stringify(info.body.data)).not.toContain(key);

    const refuse = (amount: number) =>
      api(t.app, buyer, 'POST', '/api/user/pay', { amount, gateway_id: gatewayId }).then(
        (r) => r.body.code,
      );
    expect(await refuse(0.5)).toBe('topup_amount_below_min');
    expect(await refuse(10.005)).toBe('topup_amount_invalid');
    expect(await refuse(1_000_001)).toBe('topup_amount_too_large');
  });

  it('sends the buyer to the gateway with a signed form, and credits a valid notification once', async () => {
    const started = await pay(10);
    expect(started.action.kind).toBe('form');
    expect(started.action.url).toBe(`${epay.base}submit.php`);
    expect(started.action.fields).toMatchObject({
      pid,
      type: 'alipay',
      money: '73.00',
      out_trade_no: started.trade_no,
    });
    expect(epayVerify(started.action.fields, key)).toBe(true);
    expect(started.action.fields.notify_url).toMatch(/\/api\/user\/epay\/notify$/);

    const before = await balance(buyer.id);
    const signed = notification(started.trade_no, '73.00');
    expect(await notify(signed)).toBe('success');
    expect(await balance(buyer.id)).toBe(before + 5_000_000);
    // Replayed, by GET and by POST: acknowledged, never credited again.
    expect(await notify(signed)).toBe('success');
    expect(await notify(signed, 'POST')).toBe('success');
    expect(await balance(buyer.id)).toBe(before + 5_000_000);

    const self = await api<{ topup_quota: number }>(t.app, buyer, 'GET', '/api/user/self');
    expect(self.body.data.topup_quota).toBe(5_000_000);
    expect(await order(started.trade_no)).toMatchObject({
      status: 'paid',
      gateway_trade_no: `G${started.trade_no}`,
    });
    const ledger = await t.ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('ref', '=', started.trade_no)
      .execute();
    expect(ledger.map((e) => [e.reason, Number(e.delta)])).toEqual([['topup', 5_000_000]]);
    const log = await t.ctx.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', buyer.id)
      .where('type', '=', LogType.topup)
      .executeTakeFirstOrThrow();
    expect(log.content).toContain(started.trade_no);
  });

  it('credits once when duplicate notifications race', async () => {
    const started = await pay(20);
    const before = await balance(buyer.id);
    const signed = notification(started.trade_no, '146.00');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => notify(signed, i % 2 === 0 ? 'GET' : 'POST')),
    );
    expect(answers).toEqual(Array<string>(10).fill('success'));
    expect(await balance(buyer.id)).toBe(before + 10_000_000);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('refuses forged, foreign and unknown notifications, and a wrong amount credits nothing', async () => {
    const started = await pay(10);
    const before = await balance(buyer.id);
    const forged = { ...notification(started.trade_no, '73.00'), sign: 'f'.repeat(32) };
    expect(await notify(forged)).toBe('fail');
    const tampered = { ...notification(started.trade_no, '0.01'), money: '73.00' };
    expect(await notify(tampered)).toBe('fail');
    const otherMerchant = notification(started.trade_no, '73.00', { pid: '999' });
    expect(await notify(otherMerchant)).toBe('fail');
    expect(await notify(notification('TU-unknown', '73.00'))).toBe('fail');
    expect(await notify({})).toBe('fail');
    // Not yet paid: acknowledged, the order stays pending.
    expect(
      await notify(notification(started.trade_no, '73.00', { trade_status: 'WAIT_BUYER_PAY' })),
    ).toBe('success');
    expect((await order(started.trade_no)).status).toBe('pending');
    // Signed by the gateway, but for less than the order: marked failed, not credited.
    expect(await notify(notification(started.trade_no, '0.01'))).toBe('success');
    expect(await order(started.trade_no)).toMatchObject({ status: 'failed' });
    expect(await balance(buyer.id)).toBe(before);
    // A later notification for the full amount does not credit a failed order silently either.
    expect(await notify(notification(started.trade_no, '73.00'))).toBe('success');
    expect(await balance(buyer.id)).toBe(before);
    expect(await kindsOf(t, started.trade_no)).toEqual(['ignored', 'mismatch', 'ignored']);
    // Signed by the merchant's key for an order not here: logged once for staff; forged: not.
    const stray = notification('TU-unknown', '73.00', { trade_no: 'GSTRAY' });
    expect(await notify(stray)).toBe('fail');
    expect(await notify(stray)).toBe('fail');
    expect(await notify({ ...stray, sign: 'f'.repeat(32), trade_no: 'GFORGED' })).toBe('fail');
    const unmatched = await api<{ items: Array<{ kind: string; ref: string }> }>(
      t.app,
      finance,
      'GET',
      '/api/user/topup/events?unmatched=true',
    );
    expect(unmatched.body.data.items.map((e) => [e.kind, e.ref])).toEqual([
      ['unknown_order', 'GSTRAY'],
      ['unknown_order', 'GTU-unknown'],
    ]);
  });

  it('credits a payment notified after the order closed, once, and logs every notification', async () => {
    const started = await pay(10);
    const closed = await api(t.app, buyer, 'POST', '/api/user/topup/close', {
      trade_no: started.trade_no,
    });
    expect(closed.body.success).toBe(true);
    const before = await balance(buyer.id);
    const signed = notification(started.trade_no, '73.00');
    const answers = await Promise.all(Array.from({ length: 4 }, () => notify(signed)));
    expect(answers).toEqual(Array<string>(4).fill('success'));
    expect(await balance(buyer.id)).toBe(before + 5_000_000);
    const paid = await order(started.trade_no);
    expect(paid.status).toBe('paid');
    expect(paid.note).toContain('paid after the order was closed');
    expect(await kindsOf(t, started.trade_no)).toEqual([
      'closed',
      'late_credited',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('lets finance staff ask the gateway about a closed order and complete it from there', async () => {
    const started = await pay(10);
    await api(t.app, buyer, 'POST', '/api/user/topup/close', { trade_no: started.trade_no });
    const before = await balance(buyer.id);
    // The buyer cannot ask; finance can. The gateway says unpaid first, then paid.
    expect(
      (await api(t.app, buyer, 'POST', '/api/user/topup/query', { trade_no: started.trade_no }))
        .body.success,
    ).toBe(false);
    const unpaid = await api<{ provider_state: string }>(
      t.app,
      finance,
      'POST',
      '/api/user/topup/query',
      { trade_no: started.trade_no },
    );
    expect(unpaid.body.data.provider_state).toBe('unpaid');
    epay.paid.set(started.trade_no, {
      money: '73.00',
      trade_no: `G${started.trade_no}`,
      type: 'wxpay',
    });
    const confirmed = await api<{
      provider_state: string;
      order: { status: string; operator_id: number; payment_type: string };
    }>(t.app, finance, 'POST', '/api/user/topup/query', { trade_no: started.trade_no });
    expect(confirmed.body.data).toMatchObject({
      provider_state: 'paid',
      order: { status: 'paid', operator_id: finance.id, payment_type: 'wxpay' },
    });
    expect(await balance(buyer.id)).toBe(before + 5_000_000);
    await api(t.app, finance, 'POST', '/api/user/topup/query', { trade_no: started.trade_no });
    expect(await balance(buyer.id)).toBe(before + 5_000_000);
    expect(await kindsOf(t, started.trade_no)).toEqual(['closed', 'completed']);
  });

  it('lets an administrator complete an order by hand, once, and closes stale orders', async () => {
    const started = await pay(10);
    const before = await balance(buyer.id);
    const admin = await newUser(t.ctx, Role.admin);
    expect(
      (
        await api(t.app, finance, 'POST', '/api/user/topup/complete', {
          trade_no: started.trade_no,
        })
      ).body.success,
    ).toBe(false);
    const done = await api(t.app, admin, 'POST', '/api/user/topup/complete', {
      trade_no: started.trade_no,
    });
    expect(done.body).toMatchObject({
      success: true,
      data: { status: 'paid', operator_id: admin.id },
    });
    const again = await api(t.app, admin, 'POST', '/api/user/topup/complete', {
      trade_no: started.trade_no,
    });
    expect(again.body.code).toBe('order_already_paid');
    expect(await balance(buyer.id)).toBe(before + 5_000_000);
    const entry = await t.ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('ref', '=', started.trade_no)
      .executeTakeFirstOrThrow();
    expect(entry.operator_id).toBe(admin.id);

    const stale = await pay(10);
    await t.ctx.db
      .updateTable('orders')
      .set({ created_at: 1 })
      .where('trade_no', '=', stale.trade_no)
      .execute();
    expect(await closeExpiredOrders(t.ctx)).toBeGreaterThanOrEqual(1);
    expect((await order(stale.trade_no)).status).toBe('closed');

    type Page = { total: number; items: Array<{ trade_no: string; user_id: number }> };
    const own = await api<Page>(t.app, buyer, 'GET', '/api/user/topup/self');
    expect(own.body.data.items.every((o) => o.user_id === buyer.id)).toBe(true);
    const other = await newUser(t.ctx, Role.user);
    const theirs = await api<Page>(t.app, other, 'GET', '/api/user/topup/self');
    expect(theirs.body.data.total).toBe(0);
    const all = await api<Page>(
      t.app,
      finance,
      'GET',
      `/api/user/topup?user_id=${buyer.id}&status=paid`,
    );
    expect(all.body.data.total).toBeGreaterThanOrEqual(4);
    expect(
      (await api(t.app, other, 'POST', '/api/user/topup/close', { trade_no: started.trade_no }))
        .body.code,
    ).toBe('order_not_found');
    expect(await auditLedger(t.ctx)).toEqual([]);
  });

  it('lets no one credit their own order, nor one of a user of their rank or above', async () => {
    const admin = await newUser(t.ctx, Role.admin);
    const ownAdmin = await pay(10, admin);
    const ownFinance = await pay(10, finance);
    epay.paid.set(ownFinance.trade_no, {
      money: '73.00',
      trade_no: `G${ownFinance.trade_no}`,
      type: 'alipay',
    });
    const complete = (who: TestUser, tradeNo: string) =>
      api(t.app, who, 'POST', '/api/user/topup/complete', { trade_no: tradeNo });
    const ask = (who: TestUser, tradeNo: string) =>
      api(t.app, who, 'POST', '/api/user/topup/query', { trade_no: tradeNo });

    const self = await complete(admin, ownAdmin.trade_no);
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject({ success: false, code: 'staff_self_action' });
    expect((await ask(finance, ownFinance.trade_no)).body.code).toBe('staff_self_action');
    expect((await ask(admin, ownAdmin.trade_no)).body.code).toBe('staff_self_action');
    expect((await ask(finance, ownAdmin.trade_no)).body.code).toBe('cannot_manage_peer');
    const peer = await newUser(t.ctx, Role.admin);
    expect((await complete(peer, ownAdmin.trade_no)).body.code).toBe('cannot_manage_peer');
    expect((await order(ownAdmin.trade_no)).status).toBe('pending');
    expect((await order(ownFinance.trade_no)).status).toBe('pending');
    expect(await balance(admin.id)).toBe(0);
    expect(await balance(finance.id)).toBe(0);

    // The staff listing says whose order it is, so the console offers only what is allowed.
    type Page = { items: Array<{ trade_no: string; user_role?: number }> };
    const listed = await api<Page>(t.app, finance, 'GET', `/api/user/topup?user_id=${admin.id}`);
    expect(listed.body.data.items).toEqual([
      expect.objectContaining({ trade_no: ownAdmin.trade_no, user_role: Role.admin }),
    ]);

    // Someone above them may: root completes the admin's order, an admin asks for finance's.
    expect((await complete(root, ownAdmin.trade_no)).body.success).toBe(true);
    expect(await balance(admin.id)).toBe(5_000_000);
    const asked = await api<{ provider_state: string }>(
      t.app,
      admin,
      'POST',
      '/api/user/topup/query',
      { trade_no: ownFinance.trade_no },
    );
    expect(asked.body.data.provider_state).toBe('paid');
    expect(await balance(finance.id)).toBe(5_000_000);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });
});
