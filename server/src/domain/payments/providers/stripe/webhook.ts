import { formatMinor } from '@gateway/shared';
import type Stripe from 'stripe';
import type { AppContext } from '../../../../context.js';
import { findGateway, findOrder, moveOrder, noteOrder } from '../../../../db/queries/payments.js';
import { nowSeconds } from '../../../../lib/time.js';
import { configOf } from '../../gateways.js';
import { creditOrder } from '../../orders.js';
import { stripeClient, type StripeConfig } from './stripe.js';

/** The HTTP answer to Stripe: 2xx ends its retries, anything else asks it to send again. */
export interface WebhookReply {
  status: number;
  body: string;
}

const done: WebhookReply = { status: 200, body: 'ok' };

/**
 * A Stripe webhook for one gateway, trusted only once its signature verifies with that
 * gateway's signing secret (an unconfigured gateway refuses everything). A completed,
 * paid session credits its order once, after the amount and currency match the order; a
 * failed or expired session fails or closes a pending order; a closed order is never credited
 * silently. Events may come twice and in any order: every change is a guarded state move.
 */
export async function handleStripeWebhook(
  ctx: AppContext,
  gatewayId: number,
  rawBody: Buffer,
  signature: string,
): Promise<WebhookReply> {
  const gateway = await findGateway(ctx.db, gatewayId);
  if (!gateway || gateway.provider !== 'stripe') return { status: 403, body: 'not configured' };
  let config: StripeConfig;
  try {
    config = configOf(gateway) as StripeConfig;
  } catch {
    return { status: 403, body: 'not configured' };
  }
  const stripe = await stripeClient(config.secret_key);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, config.webhook_secret);
  } catch {
    ctx.log.warn({ gatewayId }, 'Stripe webhook with a bad signature refused');
    return { status: 400, body: 'bad signature' };
  }
  if (!event.type.startsWith('checkout.session.')) return done;
  const session = event.data.object as Stripe.Checkout.Session;
  const order = session.client_reference_id
    ? await findOrder(ctx.db, session.client_reference_id)
    : undefined;
  if (!order || order.gateway_id !== gateway.id) return done;

  if (event.type === 'checkout.session.expired') {
    await moveOrder(ctx.db, order.id, ['pending'], {
      status: 'closed',
      closed_at: nowSeconds(),
      note: 'the checkout session expired',
    });
    return done;
  }
  if (event.type === 'checkout.session.async_payment_failed') {
    await moveOrder(ctx.db, order.id, ['pending'], {
      status: 'failed',
      note: 'the payment failed',
    });
    return done;
  }
  const paid =
    session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  const fulfils =
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded';
  if (!fulfils || !paid) return done;

  const expected = Number(order.money_minor);
  if (session.amount_total !== expected || session.currency !== order.currency.toLowerCase()) {
    const note = `Stripe reports ${session.amount_total ?? '?'} ${session.currency ?? '?'} (minor units), the order is for ${formatMinor(expected, order.currency)} ${order.currency}`;
    ctx.log.error({ tradeNo: order.trade_no }, 'Stripe amount mismatch');
    if (!(await moveOrder(ctx.db, order.id, ['pending'], { status: 'failed', note }))) {
      await noteOrder(ctx.db, order.id, note);
    }
    return done;
  }
  if (order.status === 'paid') return done;
  if (order.status !== 'pending') {
    await noteOrder(
      ctx.db,
      order.id,
      `payment reported at ${nowSeconds()} after the order was ${order.status}; query the gateway to complete it`,
    );
    ctx.log.warn({ tradeNo: order.trade_no, status: order.status }, 'payment for a closed order');
    return done;
  }
  await creditOrder(ctx, order, {
    gatewayTradeNo: session.id,
    paymentType: 'stripe',
    operatorId: 0,
    reopen: false,
    note: '',
  });
  return done;
}
