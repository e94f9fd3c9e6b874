import { csvLine, formatMinor, type OrderItem } from '@gateway/shared';

/** Minor units of an order's currency as text, with its digits: `73.00 CNY`. */
const money = (minor: number, o: OrderItem) =>
  `${formatMinor(minor, o.currency, o.money_digits)} ${o.currency}`;

/** Orders as CSV with the given header; money as decimal text in its currency. */
export function ordersCsv(orders: readonly OrderItem[], header: readonly string[]): string {
  const rows = orders.map((o) => [
    o.trade_no,
    o.gateway_trade_no,
    String(o.user_id),
    o.gateway_name,
    o.payment_type,
    o.amount.toFixed(2),
    money(o.money_minor, o),
    String(o.quota),
    o.status,
    o.refunded_minor ? money(o.refunded_minor, o) : '',
    o.disputed_minor || o.dispute_status
      ? `${money(o.disputed_minor, o)} ${o.dispute_status}`.trim()
      : '',
    new Date(o.created_at * 1000).toISOString(),
    o.paid_at ? new Date(o.paid_at * 1000).toISOString() : '',
    o.note,
  ]);
  return [header, ...rows].map(csvLine).join('');
}
