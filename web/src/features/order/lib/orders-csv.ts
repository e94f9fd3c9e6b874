import { csvLine, formatMinor, type OrderItem } from '@gateway/shared';

/** Orders as CSV with the given header; money as decimal text in its currency. */
export function ordersCsv(orders: readonly OrderItem[], header: readonly string[]): string {
  const rows = orders.map((o) => [
    o.trade_no,
    o.gateway_trade_no,
    String(o.user_id),
    o.gateway_name,
    o.payment_type,
    o.amount.toFixed(2),
    `${formatMinor(o.money_minor, o.currency)} ${o.currency}`,
    String(o.quota),
    o.status,
    new Date(o.created_at * 1000).toISOString(),
    o.paid_at ? new Date(o.paid_at * 1000).toISOString() : '',
    o.note,
  ]);
  return [header, ...rows].map(csvLine).join('');
}
