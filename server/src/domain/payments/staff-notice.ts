import { formatMinor, Role, type MessageId } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import type { OrderRow } from '../../db/queries/payments.js';
import { formatBalance } from '../notifications/low-balance.js';
import { notifyRole } from '../notifications/notify.js';

/** What happened to an order's money, as the notice names it. */
export type PaymentIncident =
  | 'payment_late'
  | 'payment_mismatch'
  | 'payment_refund'
  | 'payment_refund_returned'
  | 'payment_dispute'
  | 'payment_dispute_returned'
  | 'payment_dispute_lost';

/**
 * Tells finance staff and above (those who subscribed to payment incidents, the default) that
 * something needs their eyes on an order: money that came after the order closed, a wrong
 * amount, a refund or a dispute. `money` is in the order's minor units; `quota` what the
 * balance moved. Never throws.
 */
export async function notifyPaymentIncident(
  ctx: AppContext,
  order: OrderRow,
  incident: PaymentIncident,
  moved: { money: number; quota: number },
): Promise<void> {
  await notifyRole(ctx, Role.finance, 'payment', {
    title: 'notify_payment_title',
    body: 'notify_payment_body',
    params: {
      trade_no: order.trade_no,
      user_id: order.user_id,
      money: `${formatMinor(moved.money, order.currency, order.money_digits)} ${order.currency}`,
      quota: `${moved.quota < 0 ? '-' : '+'}${formatBalance(ctx, Math.abs(moved.quota))}`,
    },
    paramIds: { what: incident satisfies MessageId },
  });
}
