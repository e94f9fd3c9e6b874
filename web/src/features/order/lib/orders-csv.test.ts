import type { OrderItem } from '@gateway/shared';
import { describe, expect, it } from 'vitest';
import { ordersCsv } from './orders-csv';

describe('order export', () => {
  it('writes one row per order, money with its currency, refunds, notes quoted', () => {
    const order: OrderItem = {
      id: 1,
      trade_no: 'TU1',
      gateway_trade_no: 'G1',
      user_id: 7,
      gateway_id: 1,
      gateway_name: 'Alipay',
      provider: 'epay',
      payment_type: 'alipay',
      amount: 10,
      discount: 1,
      currency: 'CNY',
      money_minor: 7300,
      money_digits: 2,
      quota: 5_000_000,
      status: 'paid',
      refunded_minor: 1000,
      disputed_minor: 0,
      dispute_status: '',
      note: 'checked, "ok"',
      operator_id: 0,
      created_at: 0,
      paid_at: 60,
      closed_at: 0,
    };
    const csv = ordersCsv([order], ['a', 'b']);
    expect(csv.split('\r\n')[1]).toBe(
      'TU1,G1,7,Alipay,alipay,10.00,73.00 CNY,5000000,paid,10.00 CNY,,1970-01-01T00:00:00.000Z,1970-01-01T00:01:00.000Z,"checked, ""ok"""',
    );
  });
});
