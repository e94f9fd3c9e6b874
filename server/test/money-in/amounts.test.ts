import { Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { api, newUser, type TestUser } from '../tokens/console-helpers.js';
import { orderRow } from './money-helpers.js';

/**
 * Top-up amounts are read as decimals with at most two places: every cent amount a buyer can
 * type is taken (floating-point `19.99 * 100` is not `1999`, and refused 263 of the 1,900
 * amounts from 1.00 to 19.99), and a third decimal is refused.
 */
describe(`top-up amounts on ${testDb}`, () => {
  let t: TestApp;
  let root: TestUser;
  let buyer: TestUser;
  let gatewayId: number;

  beforeAll(async () => {
    t = await createTestApp();
    root = await newUser(t.ctx, Role.root);
    buyer = await newUser(t.ctx, Role.user);
    const made = await api<{ id: number }>(t.app, root, 'POST', '/api/payment/gateway/', {
      name: 'Alipay',
      provider: 'epay',
      payment_type: 'alipay',
      currency_rate: 1,
      currency: 'CNY',
      config: { base_url: 'http://127.0.0.1:9/pay/', pid: '1001', key: 'merchant-key' },
    });
    gatewayId = made.body.data.id;
  });
  afterAll(() => t.cleanup());

  const quote = (amount: number) =>
    api<{ money_minor: number; quota: number }>(t.app, buyer, 'POST', '/api/user/topup/quote', {
      amount,
      gateway_id: gatewayId,
    });

  it('quotes every amount from 1.00 to 19.99 to the cent', async () => {
    const amounts = Array.from({ length: 1_900 }, (_, i) => (100 + i) / 100);
    const refused: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < amounts.length; i += 50) {
      await Promise.all(
        amounts.slice(i, i + 50).map(async (amount, j) => {
          const res = await quote(amount);
          if (!res.body.success) refused.push(amount);
          else if (res.body.data.money_minor !== 100 + i + j) wrong.push(amount);
        }),
      );
    }
    expect(refused).toEqual([]);
    expect(wrong).toEqual([]);
    expect((await quote(19.99)).body.data.quota).toBe(9_995_000);
  });

  it('makes orders for amounts float multiplication got wrong', async () => {
    for (const amount of [1.1, 2.2, 19.99]) {
      const res = await api<{ trade_no: string; action: { fields: Record<string, string> } }>(
        t.app,
        buyer,
        'POST',
        '/api/user/pay',
        { amount, gateway_id: gatewayId },
      );
      expect(res.body.success, String(amount)).toBe(true);
      expect(res.body.data.action.fields.money).toBe(amount.toFixed(2));
      expect(Number((await orderRow(t.ctx, res.body.data.trade_no)).money_minor)).toBe(
        Math.round(amount * 100),
      );
    }
  });

  it('refuses a third decimal', async () => {
    for (const amount of [1.001, 10.005, 19.999, 1.0000001]) {
      expect((await quote(amount)).body.code, String(amount)).toBe('topup_amount_invalid');
    }
  });
});
