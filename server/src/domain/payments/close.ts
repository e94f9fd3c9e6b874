import type { AppContext } from '../../context.js';
import {
  closeStaleOrders,
  findGateway,
  moveOrder,
  type OrderRow,
} from '../../db/queries/payments.js';
import { orderWindowMinutes } from '../../config/settings/groups/general.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { notifyUser } from '../notifications/notify.js';
import { configOf } from './gateways.js';
import { recordOrderEvent } from './order-events.js';
import { paymentProviders } from './providers/registry.js';
import type { CancelResult } from './providers/provider.js';

/**
 * Closes the order's payment at its provider, so that nothing can be paid for a closed order
 * (Stripe: the Checkout Session is expired). Logged on the order; if the buyer paid just
 * before, the payment's own callback credits the order (a late payment). Never throws.
 */
async function cancelAtProvider(ctx: AppContext, order: OrderRow): Promise<void> {
  let result: CancelResult;
  try {
    const gateway = await findGateway(ctx.db, order.gateway_id);
    const provider = gateway ? paymentProviders[gateway.provider] : undefined;
    if (!gateway || !provider?.cancel) return;
    result = await provider.cancel({ config: configOf(gateway), order });
  } catch (error) {
    result = { outcome: 'failed', detail: String(error) };
  }
  if (result.outcome === 'cancelled') return;
  const detail =
    result.outcome === 'paid'
      ? 'paid at the provider before it could be closed; the payment is credited when reported'
      : `the provider's payment page could not be closed: ${result.detail}`;
  ctx.log.warn({ tradeNo: order.trade_no, detail }, 'order payment not cancelled');
  await recordOrderEvent(ctx.db, order, { kind: 'cancel_failed', detail }).catch(() => undefined);
}

/** The buyer (or staff) closes a pending order; a paid one stays paid. */
export async function closeOrder(ctx: AppContext, order: OrderRow, operatorId: number) {
  const byBuyer = operatorId === order.user_id;
  const closed = await moveOrder(ctx.db, order.id, ['pending'], {
    status: 'closed',
    closed_at: nowSeconds(),
    operator_id: operatorId,
    note: 'closed by request',
  });
  if (!closed) throw new AppError('order_not_pending');
  await recordOrderEvent(ctx.db, order, {
    kind: 'closed',
    detail: byBuyer ? 'closed by the buyer' : `closed by staff #${operatorId}`,
  });
  await cancelAtProvider(ctx, order);
  // The buyer closing their own order needs no notice; staff closing it does.
  if (!byBuyer) await notifyOrderClosed(ctx, order);
}

/** Tells the buyer an unpaid order was closed. */
function notifyOrderClosed(ctx: AppContext, order: OrderRow): Promise<void> {
  return notifyUser(ctx, order.user_id, 'order', {
    title: 'notify_order_closed_title',
    body: 'notify_order_closed_body',
    params: { trade_no: order.trade_no, amount: `${order.amount} USD` },
  });
}

/**
 * Closes pending orders older than the payment window (`OrderWindowMinutes`) and their payment
 * pages at the provider; answers how many.
 */
export async function closeExpiredOrders(ctx: AppContext): Promise<number> {
  const now = nowSeconds();
  const closed = await closeStaleOrders(
    ctx.db,
    now - ctx.settings.get(orderWindowMinutes) * 60,
    now,
  );
  for (const order of closed) {
    await recordOrderEvent(ctx.db, order, {
      kind: 'closed',
      detail: 'closed unpaid after the payment window',
    });
    await cancelAtProvider(ctx, order);
    await notifyOrderClosed(ctx, order);
  }
  return closed.length;
}
