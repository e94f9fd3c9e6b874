import type Stripe from 'stripe';
import type { AppContext } from '../../../../context.js';
import type { GatewayRow } from '../../../../db/queries/payments.js';

/** A verified Stripe event, with the gateway it came for and a client for that account. */
export interface StripeHook {
  ctx: AppContext;
  gateway: GatewayRow;
  stripe: Stripe;
  event: Stripe.Event;
}
