import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../src/billing/ledger/index.js';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { testDb, testRedis } from '../helpers/test-context.js';
import { seedChannel, seedToken } from '../relay/relay-fixture.js';
import { api, type TestUser } from '../tokens/console-helpers.js';
import { balanceOf, kindsOf, orderRow } from './money-helpers.js';
import { startStripeTest, type StripeTest } from './stripe-helpers.js';

/** $10 at 1 USD = 1000 cents, credited as 5,000,000 quota. */
const quota = 5_000_000;

describe(`Stripe refunds and disputes on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let s: StripeTest;
  let gatewayId: number;
  let up: FakeUpstream;

  beforeAll(async () => {
    s = await startStripeTest();
    gatewayId = (await s.gateway()).id;
    up = await startFakeUpstream();
    await seedChannel(s.t.ctx, { baseUrl: up.url, models: ['gpt-4o-mini'] });
  });
  afterAll(async () => {
    await s.cleanup();
    await up.close();
  });

  /** A buyer with one credited $10 order. */
  const paidOrder = async (buyer?: TestUser) => {
    const who = buyer ?? (await s.newBuyer());
    const started = await s.pay(10, gatewayId, who);
    const { session } = s.stripe.pay(started.session.id);
    expect(await s.deliver('checkout.session.completed', session, gatewayId)).toBe(200);
    expect(await balanceOf(s.t.ctx, who.id)).toBe(quota);
    return { buyer: who, tradeNo: started.trade_no, sessionId: started.session.id };
  };
  const send = async (type: string, object: object) =>
    expect(await s.deliver(type, object, gatewayId)).toBe(200);
  const ledgerOf = async (tradeNo: string) =>
    (
      await s.t.ctx.db
        .selectFrom('ledger_entries')
        .select(['reason', 'delta'])
        .where('ref', '=', tradeNo)
        .orderBy('id')
        .execute()
    ).map((e) => [e.reason, Number(e.delta)]);

  it('takes back the refunded share of the quota, each refund once, in any number of parts', async () => {
    const { buyer, tradeNo, sessionId } = await paidOrder();
    const first = s.stripe.refund(sessionId, 300);
    await send('charge.refunded', s.stripe.chargeOf(sessionId));
    expect(await balanceOf(s.t.ctx, buyer.id)).toBe(3_500_000);
    // The same refund reported again, by another event: nothing more.
    await send('charge.refunded', s.stripe.chargeOf(sessionId));
    await send('charge.refund.updated', first);
    expect(await balanceOf(s.t.ctx, buyer.id)).toBe(3_500_000);

    s.stripe.refund(sessionId, 700);
    await Promise.all([
      send('charge.refunded', s.stripe.chargeOf(sessionId)),
      send('charge.refunded', s.stripe.chargeOf(sessionId)),
    ]);
    expect(await balanceOf(s.t.ctx, buyer.id)).toBe(0);
    expect(await ledgerOf(tradeNo)).toEqual([
      ['topup', quota],
      ['topup_refund', -1_500_000],
      ['topup_refund', -3_500_000],
    ]);
    const order = await api<{ items: Array<Record<string, unknown>> }>(
      s.t.app,
      buyer,
      'GET',
      `/api/user/topup/self?trade_no=${tradeNo}`,
    );
    expect(order.body.data.items[0]).toMatchObject({
      status: 'paid',
      refunded_minor: 1000,
      disputed_minor: 0,
    });
    const kinds = await kindsOf(s.t, tradeNo);
    expect(kinds.filter((k) => k === 'refunded')).toHaveLength(2);
    expect(kinds).toContain('duplicate');
    expect(await auditLedger(s.t.ctx)).toEqual([]);
  });

  it('gives a failed refund back, and ignores a refund reported failed before it was made', async () => {
    const { buyer, sessionId } = await paidOrder();
    const pending = s.stripe.refund(sessionId, 1000, 'pending');
    await send('refund.created', pending);
    expect(await balanceOf(s.t.ctx, buyer.id)).toBe(0);
    await send('charge.refund.updated', s.stripe.settleRefund(pending.id, 'failed'));
    await send('refund.failed', s.stripe.settleRefund(pending.id, 'failed'));
    expect(await balanceOf(s.t.ctx, buyer.id)).toBe(quota);

    const other = await paidOrder();
    const refund = s.stripe.refund(other.sessionId, 500, 'pending');
    const failed = s.stripe.settleRefund(refund.id, 'failed');
    await send('charge.refund.updated', failed);
    await send('refund.created', refund);
    expect(await balanceOf(s.t.ctx, other.buyer.id)).toBe(quota);
    expect((await orderRow(s.t.ctx, other.tradeNo)).refunded_minor).toBe(0);
    expect(await auditLedger(s.t.ctx)).toEqual([]);
  });

  it('takes a disputed payment back when the dispute opens and gives it back when it is won', async () => {
    const { buyer, tradeNo, sessionId } = await paidOrder();
    const dispute = s.stripe.dispute(sessionId, 1000);
    await send('charge.dispute.created', dispute);
    await send('charge.dispute.funds_withdrawn', dispute);
    expect(await balanceOf(s.t.ctx, buyer.id)).toBe(0);
    expect(await orderRow(s.t.ctx, tradeNo)).toMatchObject({
      dispute_status: 'open',
      disputed_minor: 1000,
    });
    await send('charge.dispute.closed', { ...dispute, status: 'won' });
    await send('charge.dispute.funds_reinstated', { ...dispute, status: 'won' });
    expect(await balanceOf(s.t.ctx, buyer.id)).toBe(quota);
    expect(await orderRow(s.t.ctx, tradeNo)).toMatchObject({
      dispute_status: 'won',
      disputed_minor: 0,
    });
    expect(await ledgerOf(tradeNo)).toEqual([
      ['topup', quota],
      ['topup_dispute', -quota],
      ['topup_dispute', quota],
    ]);
  });

  it('takes a lost dispute once, even when its opening was never reported; an inquiry takes nothing', async () => {
    const lost = await paidOrder();
    const dispute = s.stripe.dispute(lost.sessionId, 400);
    await send('charge.dispute.closed', { ...dispute, status: 'lost' });
    await send('charge.dispute.closed', { ...dispute, status: 'lost' });
    await send('charge.dispute.created', dispute);
    expect(await balanceOf(s.t.ctx, lost.buyer.id)).toBe(3_000_000);
    expect(await orderRow(s.t.ctx, lost.tradeNo)).toMatchObject({ dispute_status: 'lost' });

    const asked = await paidOrder();
    const inquiry = s.stripe.dispute(asked.sessionId, 1000, 'warning_needs_response');
    await send('charge.dispute.created', inquiry);
    expect(await balanceOf(s.t.ctx, asked.buyer.id)).toBe(quota);
    expect(await orderRow(s.t.ctx, asked.tradeNo)).toMatchObject({ dispute_status: 'inquiry' });
    await send('charge.dispute.closed', { ...inquiry, status: 'warning_closed' });
    expect(await orderRow(s.t.ctx, asked.tradeNo)).toMatchObject({ dispute_status: '' });
    expect(await auditLedger(s.t.ctx)).toEqual([]);
  });

  it('finds the order through the PaymentIntent when the session event did not store it', async () => {
    const { buyer, tradeNo, sessionId } = await paidOrder();
    await s.t.ctx.db
      .updateTable('orders')
      .set({ payment_ref: '' })
      .where('trade_no', '=', tradeNo)
      .execute();
    s.stripe.refund(sessionId, 1000);
    await send('charge.refunded', s.stripe.chargeOf(sessionId));
    expect(await balanceOf(s.t.ctx, buyer.id)).toBe(0);
    expect((await orderRow(s.t.ctx, tradeNo)).payment_ref).toBe(
      s.stripe.chargeOf(sessionId).payment_intent,
    );
  });

  it('lets a refund take the balance below zero, and the relay then refuses the user', async () => {
    const { buyer, sessionId } = await paidOrder();
    const { key } = await seedToken(s.t.ctx, buyer.id);
    const chat = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] };
    const relay = () =>
      s.t.app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization: `Bearer ${key}` },
        payload: chat,
      });
    expect((await relay()).statusCode).toBe(200);
    await s.t.ctx.billing.flush();
    // Most of the quota is spent, then the whole payment is refunded.
    await post(s.t.ctx.db, {
      account: 'user',
      accountId: buyer.id,
      delta: -4_000_000,
      reason: 'admin_subtract',
    });
    const left = await balanceOf(s.t.ctx, buyer.id);
    s.stripe.refund(sessionId, 1000);
    await send('charge.refunded', s.stripe.chargeOf(sessionId));
    expect(await balanceOf(s.t.ctx, buyer.id)).toBe(left - quota);
    expect(left - quota).toBeLessThan(0);

    const refused = await relay();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('insufficient_user_quota');
    // Settled to exactly zero: still refused.
    await post(s.t.ctx.db, {
      account: 'user',
      accountId: buyer.id,
      delta: quota - left,
      reason: 'admin_add',
    });
    expect(await balanceOf(s.t.ctx, buyer.id)).toBe(0);
    expect((await relay()).statusCode).toBe(403);
    expect(await auditLedger(s.t.ctx)).toEqual([]);
  });
});
