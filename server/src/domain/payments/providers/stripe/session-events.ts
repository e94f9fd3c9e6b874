import { formatMinor } from '@gateway/shared';
import type Stripe from 'stripe';
import {
  findOrder,
  moveOrder,
  noteOrder,
  setPaymentRef,
  type OrderRow,
} from '../../../../db/queries/payments.js';
import { nowSeconds } from '../../../../lib/time.js';
import { confirmPayment } from '../../credit.js';
import { recordOrderEvent } from '../../order-events.js';
import { notifyPaymentIncident } from '../../staff-notice.js';
import type { StripeHook } from './stripe-hook.js';
import { paymentIntentOf } from './stripe.js';

/**
 * A Checkout Session event. A completed, paid session credits its order once, after the amount
 * and currency match the order, also when the order closed before (a late payment); a completed
 * session whose payment is still clearing (SEPA, ACH) waits for `async_payment_succeeded`; a
 * failed or expired session fails or closes a pending order.
 */
export async function handleSessionEvent({ ctx, gateway, event }: StripeHook): Promise<void> {
  const session = event.data.object as Stripe.Checkout.Session;
  const tradeNo = session.client_reference_id ?? '';
  const found = tradeNo ? await findOrder(ctx.db, tradeNo) : undefined;
  const order = found?.gateway_id === gateway.id ? found : undefined;
  if (!order) {
    await recordOrderEvent(
      ctx.db,
      undefined,
      {
        kind: 'unknown_order',
        ref: event.id,
        detail: `${event.type} for session ${session.id} names order "${tradeNo}", not one of this gateway`,
      },
      gateway.id,
    );
    return;
  }
  const log = (kind: 'ignored' | 'failed' | 'expired', detail: string) =>
    recordOrderEvent(ctx.db, order, { kind, ref: event.id, detail });
  const intent = paymentIntentOf(session);
  if (intent) await setPaymentRef(ctx.db, order.id, intent);

  if (event.type === 'checkout.session.expired') {
    const closed = await moveOrder(ctx.db, order.id, ['pending'], {
      status: 'closed',
      closed_at: nowSeconds(),
      note: 'the checkout session expired',
    });
    await log(
      closed ? 'expired' : 'ignored',
      `the checkout session expired (order ${closed ? 'closed' : `was ${order.status}`})`,
    );
    return;
  }
  if (event.type === 'checkout.session.async_payment_failed') {
    const failed = await moveOrder(ctx.db, order.id, ['pending', 'closed'], {
      status: 'failed',
      note: 'the payment failed',
    });
    await log(
      failed ? 'failed' : 'ignored',
      `the payment failed (order ${failed ? 'failed' : `was ${order.status}`})`,
    );
    return;
  }
  const fulfils =
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded';
  if (!fulfils) return log('ignored', `${event.type} is not acted on`);
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') {
    return log(
      'ignored',
      `${event.type} with payment ${session.payment_status}: waiting for it to clear`,
    );
  }
  if (!(await amountMatches(ctx, event.id, order, session))) return;
  await confirmPayment(ctx, order, {
    gatewayTradeNo: session.id,
    paymentType: 'stripe',
    paymentRef: intent,
    ref: event.id,
  });
}

/**
 * Whether Stripe took exactly the order's money (both in the order's minor units); when not,
 * the order fails (a pending one) or is noted, staff are told, and nothing is credited.
 */
async function amountMatches(
  ctx: StripeHook['ctx'],
  eventId: string,
  order: OrderRow,
  session: Stripe.Checkout.Session,
): Promise<boolean> {
  const expected = Number(order.money_minor);
  if (session.amount_total === expected && session.currency === order.currency.toLowerCase()) {
    return true;
  }
  const detail = `Stripe reports ${session.amount_total ?? '?'} ${session.currency ?? '?'} (minor units), the order is for ${formatMinor(expected, order.currency, order.money_digits)} ${order.currency}`;
  ctx.log.error({ tradeNo: order.trade_no }, 'Stripe amount mismatch');
  if (
    !(await moveOrder(ctx.db, order.id, ['pending', 'closed'], { status: 'failed', note: detail }))
  ) {
    await noteOrder(ctx.db, order.id, detail);
  }
  await recordOrderEvent(ctx.db, order, {
    kind: 'mismatch',
    ref: eventId,
    amountMinor: session.amount_total ?? 0,
    detail,
  });
  await notifyPaymentIncident(ctx, order, 'payment_mismatch', {
    money: session.amount_total ?? 0,
    quota: 0,
  });
  return false;
}
