import { Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeSession, type FakeStripe } from '../fake-stripe/index.js';
import { auditLedger } from '../helpers/ledger-audit.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { balanceOf, orderRow } from './money-helpers.js';
import { api, newUser, type TestUser } from '../tokens/console-helpers.js';

const secret = 'whsec_test_signing_secret';

describe(`Stripe top-ups on ${testDb}`, () => {
  let t: TestApp;
  let root: TestUser;
  let finance: TestUser;
  let buyer: TestUser;
  let stripe: FakeStripe;
  let gatewayId: number;
  const savedBase = process.env.STRIPE_API_BASE;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    process.env.STRIPE_API_BASE = stripe.base;
    t = await createTestApp();
    root = await newUser(t.ctx, Role.root);
    finance = await newUser(t.ctx, Role.finance);
    buyer = await newUser(t.ctx, Role.user);
    const made = await api<{ id: number; config: Record<string, string> }>(
      t.app,
      root,
      'POST',
      '/api/payment/gateway/',
      {
        name: 'Card',
        provider: 'stripe',
        currency_rate: 1,
        currency: 'USD',
        fixed_fee: 0.3,
        config: { secret_key: 'sk_test_123', webhook_secret: secret },
      },
    );
    expect(made.body.success).toBe(true);
    expect(made.body.data.config).toEqual({ secret_key: '', webhook_secret: '' });
    gatewayId = made.body.data.id;
  });
  afterAll(async () => {
    process.env.STRIPE_API_BASE = savedBase;
    await t.cleanup();
    await stripe.close();
  });

  const balance = (id: number) => balanceOf(t.ctx, id);
  const order = (tradeNo: string) => orderRow(t.ctx, tradeNo);
  const pay = async (amount: number) => {
    const res = await api<{ trade_no: string; action: { kind: string; url: string } }>(
      t.app,
      buyer,
      'POST',
      '/api/user/pay',
      { amount, gateway_id: gatewayId },
    );
    expect(res.body.success).toBe(true);
    const session = [...stripe.sessions.values()].find(
      (s) => s.client_reference_id === res.body.data.trade_no,
    )!;
    return { ...res.body.data, session };
  };
  const deliver = async (
    type: string,
    session: FakeSession,
    options: { secret?: string; at?: number; id?: number } = {},
  ) => {
    const { payload, signature } = stripe.event(
      type,
      session,
      options.secret ?? secret,
      options.at,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stripe/webhook/${options.id ?? gatewayId}`,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    return res.statusCode;
  };
  const paid = (s: FakeSession): FakeSession => ({
    ...s,
    status: 'complete',
    payment_status: 'paid',
  });

  it('refuses credentials that are not Stripe keys', async () => {
    const bad = await api(t.app, root, 'POST', '/api/payment/gateway/', {
      name: 'Bad',
      provider: 'stripe',
      currency_rate: 1,
      config: { secret_key: 'pk_live_public', webhook_secret: '' },
    });
    expect(bad.body.code).toBe('payment_config_invalid');
  });

  it('sends the buyer to a Checkout Session for the order, made idempotently', async () => {
    const started = await pay(10);
    expect(started.action).toEqual({ kind: 'redirect', url: started.session.url });
    // $10 + $0.30 fixed fee, in cents.
    expect(started.session).toMatchObject({ amount_total: 1030, currency: 'usd' });
    expect(stripe.idempotencyKeys).toContain(`topup-${started.trade_no}`);
    expect((await order(started.trade_no)).gateway_trade_no).toBe(started.session.id);
  });

  it('credits a paid session once, whatever repeats, and only with a valid signature', async () => {
    const started = await pay(20);
    const before = await balance(buyer.id);
    expect(
      await deliver('checkout.session.completed', paid(started.session), { secret: 'whsec_wrong' }),
    ).toBe(400);
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expect(await deliver('checkout.session.completed', paid(started.session), { at: stale })).toBe(
      400,
    );
    expect(await deliver('checkout.session.completed', paid(started.session), { id: 9999 })).toBe(
      403,
    );
    expect(await balance(buyer.id)).toBe(before);

    // Completed but not yet paid (a delayed method): nothing yet.
    expect(
      await deliver('checkout.session.completed', { ...started.session, status: 'complete' }),
    ).toBe(200);
    expect((await order(started.trade_no)).status).toBe('pending');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        deliver(
          i % 2 ? 'checkout.session.async_payment_succeeded' : 'checkout.session.completed',
          paid(started.session),
        ),
      ),
    );
    expect(results.every((s) => s === 200)).toBe(true);
    expect(await balance(buyer.id)).toBe(before + 10_000_000);
    // Expired after it was paid (events out of order): stays paid.
    expect(await deliver('checkout.session.expired', started.session)).toBe(200);
    expect((await order(started.trade_no)).status).toBe('paid');
  });

  it('fails an order paid for another amount and never credits a closed one silently', async () => {
    const short = await pay(10);
    const before = await balance(buyer.id);
    expect(
      await deliver('checkout.session.completed', { ...paid(short.session), amount_total: 1 }),
    ).toBe(200);
    expect((await order(short.trade_no)).status).toBe('failed');

    const late = await pay(10);
    expect(await deliver('checkout.session.expired', late.session)).toBe(200);
    expect((await order(late.trade_no)).status).toBe('closed');
    expect(await deliver('checkout.session.completed', paid(late.session))).toBe(200);
    expect(await order(late.trade_no)).toMatchObject({ status: 'closed' });
    expect((await order(late.trade_no)).note).toContain('after the order was closed');
    expect(await balance(buyer.id)).toBe(before);

    // Finance asks Stripe: the session was paid, so the order completes, naming them.
    stripe.sessions.set(late.session.id, paid(late.session));
    const asked = await api<{
      provider_state: string;
      order: { status: string; operator_id: number };
    }>(t.app, finance, 'POST', '/api/user/topup/query', { trade_no: late.trade_no });
    expect(asked.body.data).toMatchObject({
      provider_state: 'paid',
      order: { status: 'paid', operator_id: finance.id },
    });
    expect(await balance(buyer.id)).toBe(before + 5_000_000);
    expect(await auditLedger(t.ctx)).toEqual([]);
  });
});
