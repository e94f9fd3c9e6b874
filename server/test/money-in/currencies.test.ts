import { formatMinor } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../helpers/ledger-audit.js';
import { testDb } from '../helpers/test-context.js';
import { api } from '../tokens/console-helpers.js';
import { balanceOf, kindsOf, orderRow } from './money-helpers.js';
import { startStripeTest, type StripeTest } from './stripe-helpers.js';

/**
 * One currency of each kind Stripe counts, through the fake Stripe end to end: the quote, the
 * order's money and digits, the amount the Checkout Session asks for, the webhook's check and
 * the credit. Stripe reads `unit_amount` in its own minor units, so a wrong digit count would
 * charge 1/100, 1/10 or 100× the price while crediting in full.
 */
describe(`payment currencies on ${testDb}`, () => {
  let s: StripeTest;

  beforeAll(async () => {
    s = await startStripeTest();
  });
  afterAll(() => s.cleanup());

  const cases = [
    // currency, rate per USD, minor units Stripe must be asked for $10, its digits, display
    { currency: 'USD', rate: 1, minor: 1_000, digits: 2, shown: '10.00' },
    { currency: 'JPY', rate: 151.37, minor: 1_514, digits: 0, shown: '1514' },
    { currency: 'PYG', rate: 7_300, minor: 73_000, digits: 0, shown: '73000' },
    // 3.0764 KWD: thousandths, rounded to the ten Stripe requires (3.080).
    { currency: 'KWD', rate: 0.30764, minor: 3_080, digits: 3, shown: '3.080' },
    // 1387.5 ISK: whole krónur (1388), written in hundredths as Stripe reads ISK.
    { currency: 'ISK', rate: 138.75, minor: 138_800, digits: 2, shown: '1388.00' },
  ];

  for (const c of cases) {
    it(`charges and credits ${c.currency} in Stripe's units`, async () => {
      const { id } = await s.gateway({
        name: c.currency,
        currency: c.currency,
        currency_rate: c.rate,
      });
      expect(id).toBeGreaterThan(0);
      const buyer = await s.newBuyer();
      const quote = await api<{ money_minor: number; digits: number; currency: string }>(
        s.t.app,
        buyer,
        'POST',
        '/api/user/topup/quote',
        { amount: 10, gateway_id: id },
      );
      expect(quote.body.data).toMatchObject({
        currency: c.currency,
        money_minor: c.minor,
        digits: c.digits,
      });

      const started = await s.pay(10, id, buyer);
      expect(started.session).toMatchObject({
        amount_total: c.minor,
        currency: c.currency.toLowerCase(),
      });
      const order = await orderRow(s.t.ctx, started.trade_no);
      expect(order).toMatchObject({ money_digits: c.digits, currency: c.currency });
      expect(Number(order.money_minor)).toBe(c.minor);

      const { session } = s.stripe.pay(started.session.id);
      expect(await s.deliver('checkout.session.completed', session, id)).toBe(200);
      expect(await balanceOf(s.t.ctx, buyer.id)).toBe(5_000_000);
      expect(await kindsOf(s.t, started.trade_no)).toEqual(['credited']);

      // The console reads the order with its own digits.
      const listed = await api<{ items: Array<{ money_minor: number; money_digits: number }> }>(
        s.t.app,
        buyer,
        'GET',
        '/api/user/topup/self',
      );
      expect(listed.body.data.items[0]).toMatchObject({
        money_minor: c.minor,
        money_digits: c.digits,
      });
      expect(formatMinor(c.minor, c.currency, c.digits)).toBe(c.shown);
    });
  }

  it('never credits a session paid in whole units where Stripe counts hundredths', async () => {
    // A session for 1388 ISK reported as 1388 (what a zero-decimal reading would send).
    const { id } = await s.gateway({ name: 'ISK 2', currency: 'ISK', currency_rate: 138.75 });
    const buyer = await s.newBuyer();
    const started = await s.pay(10, id, buyer);
    const { session } = s.stripe.pay(started.session.id);
    expect(
      await s.deliver('checkout.session.completed', { ...session, amount_total: 1_388 }, id),
    ).toBe(200);
    expect(await balanceOf(s.t.ctx, buyer.id)).toBe(0);
    expect((await orderRow(s.t.ctx, started.trade_no)).status).toBe('failed');
    expect(await auditLedger(s.t.ctx)).toEqual([]);
  });

  it('refuses a currency the provider cannot take, when saved and when quoted', async () => {
    for (const currency of ['LYD', 'XYZ', 'IRR']) {
      expect((await s.gateway({ name: currency, currency })).code).toBe(
        'payment_currency_unsupported',
      );
    }
    // EPay's money has two decimals at most: a three-decimal currency is refused.
    const epay = await api(s.t.app, s.root, 'POST', '/api/payment/gateway/', {
      name: 'EPay KWD',
      provider: 'epay',
      currency: 'KWD',
      currency_rate: 0.3,
      config: { base_url: 'http://127.0.0.1:9/', pid: '1', key: 'k' },
    });
    expect(epay.body.code).toBe('payment_currency_unsupported');

    // A gateway stored before the check (or by hand) is refused at quote time.
    const { id } = await s.gateway({ name: 'Later', currency: 'USD' });
    await s.t.ctx.db
      .updateTable('payment_gateways')
      .set({ currency: 'LYD' })
      .where('id', '=', id)
      .execute();
    const quote = await api(s.t.app, s.buyer, 'POST', '/api/user/topup/quote', {
      amount: 10,
      gateway_id: id,
    });
    expect(quote.body.code).toBe('payment_currency_unsupported');
    const info = await api<{ gateways: Array<{ id: number }> }>(
      s.t.app,
      s.buyer,
      'GET',
      '/api/user/topup/info',
    );
    expect(info.body.data.gateways.map((g) => g.id)).not.toContain(id);
    const pay = await api(s.t.app, s.buyer, 'POST', '/api/user/pay', {
      amount: 10,
      gateway_id: id,
    });
    expect(pay.body.code).toBe('payment_currency_unsupported');
  });
});
