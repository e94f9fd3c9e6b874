import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeExpiredOrders } from '../../src/domain/payments/close.js';
import type { FakeSession } from '../fake-stripe/index.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { testDb } from '../helpers/test-context.js';
import { api } from '../tokens/console-helpers.js';
import { balanceOf, kindsOf, orderRow } from './money-helpers.js';
import { startStripeTest, type StripeTest } from './stripe-helpers.js';

describe(`Stripe top-ups on ${testDb}`, () => {
  let s: StripeTest;
  let gatewayId: number;

  beforeAll(async () => {
    s = await startStripeTest();
    gatewayId = (await s.gateway({ fixed_fee: 0.3 })).id;
    // Finance staff hear about payment incidents by webhook (e-mail needs SMTP).
    await s.t.ctx.db
      .insertInto('notification_prefs')
      .values({
        user_id: s.finance.id,
        method: 'webhook',
        events: JSON.stringify(['payment']),
        warning_quota: 0,
        config: JSON.stringify({ webhook_url: 'http://127.0.0.1:9/hook' }),
        updated_at: 0,
      })
      .execute();
  });
  afterAll(() => s.cleanup());

  const balance = (buyer = s.buyer) => balanceOf(s.t.ctx, buyer.id);
  const order = (tradeNo: string) => orderRow(s.t.ctx, tradeNo);
  const deliver = (
    type: string,
    session: FakeSession,
    options?: { secret?: string; at?: number },
  ) => s.deliver(type, session, gatewayId, options);
  const staffNotices = async () =>
    (
      await s.t.ctx.db
        .selectFrom('notifications')
        .select(['user_id', 'event', 'title'])
        .where('event', '=', 'payment')
        .execute()
    ).map((n) => ({ ...n, user_id: Number(n.user_id) }));

  it('refuses credentials that are not Stripe keys', async () => {
    const bad = await s.gateway({
      name: 'Bad',
      config: { secret_key: 'pk_live_public', webhook_secret: '' },
    });
    expect(bad.code).toBe('payment_config_invalid');
  });

  it('sends the buyer to a Checkout Session for the order, made idempotently', async () => {
    const res = await api<{ trade_no: string; action: unknown }>(
      s.t.app,
      s.buyer,
      'POST',
      '/api/user/pay',
      { amount: 10, gateway_id: gatewayId },
    );
    const session = [...s.stripe.sessions.values()].find(
      (x) => x.client_reference_id === res.body.data.trade_no,
    )!;
    expect(res.body.data.action).toEqual({ kind: 'redirect', url: session.url });
    // $10 + $0.30 fixed fee, in cents.
    expect(session).toMatchObject({ amount_total: 1030, currency: 'usd' });
    expect(s.stripe.idempotencyKeys).toContain(`topup-${res.body.data.trade_no}`);
    expect(await order(res.body.data.trade_no)).toMatchObject({
      gateway_trade_no: session.id,
      money_digits: 2,
    });
  });

  it('credits a paid session once, whatever repeats, and only with a valid signature', async () => {
    const started = await s.pay(20, gatewayId);
    const before = await balance();
    const { session } = s.stripe.pay(started.session.id);
    expect(await deliver('checkout.session.completed', session, { secret: 'whsec_wrong' })).toBe(
      400,
    );
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expect(await deliver('checkout.session.completed', session, { at: stale })).toBe(400);
    expect(await s.deliver('checkout.session.completed', session, 9999)).toBe(403);
    expect(await balance()).toBe(before);

    // Completed but not yet paid (a delayed method): nothing yet, but a line in the log.
    expect(
      await deliver('checkout.session.completed', { ...session, payment_status: 'unpaid' }),
    ).toBe(200);
    expect((await order(started.trade_no)).status).toBe('pending');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        deliver(
          i % 2 ? 'checkout.session.async_payment_succeeded' : 'checkout.session.completed',
          session,
        ),
      ),
    );
    expect(results.every((status) => status === 200)).toBe(true);
    expect(await balance()).toBe(before + 10_000_000);
    expect(await order(started.trade_no)).toMatchObject({
      status: 'paid',
      payment_ref: session.payment_intent,
    });
    // Expired after it was paid (events out of order): stays paid.
    expect(await deliver('checkout.session.expired', started.session)).toBe(200);
    expect((await order(started.trade_no)).status).toBe('paid');
    const kinds = await kindsOf(s.t, started.trade_no);
    expect(kinds.filter((k) => k === 'credited')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'duplicate')).toHaveLength(5);
    expect(kinds.filter((k) => k === 'ignored')).toHaveLength(2);
  });

  it('fails an order paid for another amount, logs it and tells finance staff', async () => {
    const short = await s.pay(10, gatewayId);
    const before = await balance();
    const { session } = s.stripe.pay(short.session.id);
    expect(await deliver('checkout.session.completed', { ...session, amount_total: 1 })).toBe(200);
    expect((await order(short.trade_no)).status).toBe('failed');
    expect(await kindsOf(s.t, short.trade_no)).toEqual(['mismatch']);
    expect(await balance()).toBe(before);
    expect(await staffNotices()).toContainEqual(
      expect.objectContaining({ user_id: s.finance.id, event: 'payment' }),
    );
  });

  it('expires the Checkout Session when the buyer closes the order: it can no longer be paid', async () => {
    const started = await s.pay(10, gatewayId);
    const closed = await api(s.t.app, s.buyer, 'POST', '/api/user/topup/close', {
      trade_no: started.trade_no,
    });
    expect(closed.body.success).toBe(true);
    expect(s.stripe.expired).toContain(started.session.id);
    expect(s.stripe.sessions.get(started.session.id)!.status).toBe('expired');
    expect(() => s.stripe.pay(started.session.id)).toThrow(/expired/);
    expect(await kindsOf(s.t, started.trade_no)).toEqual(['closed']);
  });

  it('expires the sessions of orders the payment window closes', async () => {
    const stale = await s.pay(10, gatewayId);
    await s.t.ctx.db
      .updateTable('orders')
      .set({ created_at: 1 })
      .where('trade_no', '=', stale.trade_no)
      .execute();
    expect(await closeExpiredOrders(s.t.ctx)).toBe(1);
    expect(s.stripe.sessions.get(stale.session.id)!.status).toBe('expired');
    expect(() => s.stripe.pay(stale.session.id)).toThrow(/expired/);
  });

  it('credits a payment made just before the order closed, once, and tells finance staff', async () => {
    const late = await s.pay(10, gatewayId);
    const before = await balance();
    // The buyer pays, then the window closes the order: Stripe refuses to expire the paid session.
    const { session } = s.stripe.pay(late.session.id);
    await s.t.ctx.db
      .updateTable('orders')
      .set({ created_at: 1 })
      .where('trade_no', '=', late.trade_no)
      .execute();
    expect(await closeExpiredOrders(s.t.ctx)).toBe(1);
    expect((await order(late.trade_no)).status).toBe('closed');
    const noticesBefore = (await staffNotices()).length;

    const answers = await Promise.all(
      Array.from({ length: 6 }, () => deliver('checkout.session.completed', session)),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(await balance()).toBe(before + 5_000_000);
    const paid = await order(late.trade_no);
    expect(paid).toMatchObject({ status: 'paid' });
    expect(paid.note).toContain('paid after the order was closed');
    const kinds = await kindsOf(s.t, late.trade_no);
    expect(kinds.slice(0, 2)).toEqual(['closed', 'cancel_failed']);
    expect(kinds.filter((k) => k === 'late_credited')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'duplicate')).toHaveLength(5);
    expect((await staffNotices()).length).toBe(noticesBefore + 1);

    // The log is there for finance staff, not for the buyer.
    const log = await api<{ items: Array<{ kind: string }> }>(
      s.t.app,
      s.finance,
      'GET',
      `/api/user/topup/events?trade_no=${late.trade_no}&page_size=100`,
    );
    expect(log.body.data.items.map((e) => e.kind)).toContain('late_credited');
    const denied = await api(
      s.t.app,
      s.buyer,
      'GET',
      `/api/user/topup/events?trade_no=${late.trade_no}`,
    );
    expect(denied.body.success).toBe(false);
  });

  it('credits once when the payment races the close', async () => {
    const buyer = await s.newBuyer();
    for (let round = 0; round < 4; round++) {
      const racing = await s.pay(10, gatewayId, buyer);
      const before = await balance(buyer);
      const { session } = s.stripe.pay(racing.session.id);
      await s.t.ctx.db
        .updateTable('orders')
        .set({ created_at: 1 })
        .where('trade_no', '=', racing.trade_no)
        .execute();
      const [statuses] = await Promise.all([
        Promise.all([0, 1, 2].map(() => deliver('checkout.session.completed', session))),
        closeExpiredOrders(s.t.ctx),
      ]);
      expect(statuses).toEqual([200, 200, 200]);
      expect(await balance(buyer)).toBe(before + 5_000_000);
      expect((await order(racing.trade_no)).status).toBe('paid');
      const credits = (await kindsOf(s.t, racing.trade_no)).filter((k) => k.endsWith('credited'));
      expect(credits).toHaveLength(1);
    }
  });

  it('logs a verified event for an order this gateway does not have', async () => {
    const buyer = await s.newBuyer();
    const foreign = {
      ...(await s.pay(10, gatewayId, buyer)).session,
      client_reference_id: 'TU-not-ours',
    };
    expect(
      await deliver('checkout.session.completed', { ...foreign, payment_status: 'paid' }),
    ).toBe(200);
    const unmatched = await api<{ items: Array<{ kind: string; detail: string }> }>(
      s.t.app,
      s.finance,
      'GET',
      '/api/user/topup/events?unmatched=true',
    );
    expect(unmatched.body.data.items[0]).toMatchObject({ kind: 'unknown_order' });
    expect(unmatched.body.data.items[0]!.detail).toContain('TU-not-ours');
  });

  it('lets finance staff complete a failed order after asking Stripe', async () => {
    const buyer = await s.newBuyer();
    const started = await s.pay(10, gatewayId, buyer);
    const before = await balance(buyer);
    expect(await deliver('checkout.session.async_payment_failed', started.session)).toBe(200);
    expect((await order(started.trade_no)).status).toBe('failed');
    s.stripe.pay(started.session.id);
    const asked = await api<{
      provider_state: string;
      order: { status: string; operator_id: number };
    }>(s.t.app, s.finance, 'POST', '/api/user/topup/query', { trade_no: started.trade_no });
    expect(asked.body.data).toMatchObject({
      provider_state: 'paid',
      order: { status: 'paid', operator_id: s.finance.id },
    });
    expect(await balance(buyer)).toBe(before + 5_000_000);
    expect(await kindsOf(s.t, started.trade_no)).toEqual(['failed', 'completed']);
    expect(await auditLedger(s.t.ctx)).toEqual([]);
  });
});
