import type Stripe from 'stripe';
import type { AppContext } from '../../../../context.js';
import { findGateway } from '../../../../db/queries/payments.js';
import { configOf } from '../../gateways.js';
import { handleChargeEvent, isChargeEvent } from './charge-events.js';
import { handleSessionEvent } from './session-events.js';
import { stripeClient, type StripeConfig } from './stripe.js';

/** The HTTP answer to Stripe: 2xx ends its retries, anything else asks it to send again. */
export interface WebhookReply {
  status: number;
  body: string;
}

const done: WebhookReply = { status: 200, body: 'ok' };

/**
 * A Stripe webhook for one gateway, trusted only once its signature verifies with that
 * gateway's signing secret (an unconfigured gateway refuses everything). Checkout Session
 * events pay, fail or close orders (`session-events.ts`); refunds and disputes take their
 * share of a credited order back (`charge-events.ts`). Each leaves a line in the order's log.
 * Events may come twice and in any order: every change is a guarded, once-only move. A
 * failure to record throws, so Stripe is answered 500 and sends the event again.
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
  const hook = { ctx, gateway, stripe, event };
  if (event.type.startsWith('checkout.session.')) await handleSessionEvent(hook);
  else if (isChargeEvent(event.type)) await handleChargeEvent(hook);
  else ctx.log.debug({ gatewayId, type: event.type }, 'Stripe event of a type not used');
  return done;
}
