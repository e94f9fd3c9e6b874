import type StripeClient from 'stripe';
import { z } from 'zod';
import { nowSeconds } from '../../../../lib/time.js';
import type { CancelResult, PaymentProvider } from '../provider.js';
import { stripeUnits } from './currencies.js';

/** A Stripe account: its secret API key and the signing secret of the webhook endpoint. */
export const stripeConfig = z.object({
  secret_key: z
    .string()
    .trim()
    .regex(/^(sk|rk)_/, 'a secret key starts with sk_ or rk_')
    .max(255),
  webhook_secret: z
    .string()
    .trim()
    .regex(/^whsec_/, 'a signing secret starts with whsec_')
    .max(255),
});
export type StripeConfig = z.output<typeof stripeConfig>;

/** Where a gateway's webhook is: one endpoint per gateway, each with its own secret. */
export const stripeWebhookPath = (gatewayId: number | string) => `/api/stripe/webhook/${gatewayId}`;

/** Seconds a Checkout Session stays open: Stripe's minimum, within the order's window. */
export const sessionSeconds = 31 * 60;

let stripeModule: Promise<{ default: typeof StripeClient }> | undefined;

/**
 * A client for one secret key; `STRIPE_API_BASE` (e.g. `http://127.0.0.1:12111`) points it at
 * another host, as the tests' fake Stripe. The SDK is loaded on first use only.
 */
export async function stripeClient(secretKey: string): Promise<StripeClient> {
  stripeModule ??= import('stripe');
  const { default: Stripe } = await stripeModule;
  const base = process.env.STRIPE_API_BASE;
  const target = base ? new URL(base) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(target && {
      host: target.hostname,
      port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
      protocol: target.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** Stripe Checkout: a hosted payment page per order, a signed webhook, a session lookup. */
export const stripeProvider: PaymentProvider<StripeConfig> = {
  kind: 'stripe',
  config: stripeConfig,
  secrets: ['secret_key', 'webhook_secret'],
  units: stripeUnits,
  async start({ config, order, urls }) {
    const stripe = await stripeClient(config.secret_key);
    const site = urls.siteOrigin.replace(/\/+$/, '');
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: order.currency.toLowerCase(),
              unit_amount: Number(order.money_minor),
              product_data: { name: `Top-up ${order.amount} USD` },
            },
          },
        ],
        client_reference_id: order.trade_no,
        metadata: { trade_no: order.trade_no, user_id: String(order.user_id) },
        payment_intent_data: { metadata: { trade_no: order.trade_no } },
        success_url: `${site}/order?trade_no=${order.trade_no}`,
        cancel_url: `${site}/topup`,
        expires_at: nowSeconds() + sessionSeconds,
      },
      { idempotencyKey: `topup-${order.trade_no}` },
    );
    if (!session.url) throw new Error('Stripe returned no checkout URL');
    return { kind: 'redirect', url: session.url, gatewayTradeNo: session.id };
  },
  async query({ config, order }) {
    if (!order.gateway_trade_no) return { state: 'unknown' };
    try {
      const stripe = await stripeClient(config.secret_key);
      const session = await stripe.checkout.sessions.retrieve(order.gateway_trade_no);
      const paid =
        session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      return {
        state: paid ? 'paid' : 'unpaid',
        gatewayTradeNo: session.id,
        paidMinor: session.amount_total ?? undefined,
        paymentType: 'stripe',
        paymentRef: paymentIntentOf(session),
      };
    } catch {
      return { state: 'unknown' };
    }
  },
  cancel: ({ config, order }) => expireSession(config.secret_key, order.gateway_trade_no),
};

/** The id of a session's PaymentIntent (an id, or the object when expanded), if it has one. */
export function paymentIntentOf(session: StripeClient.Checkout.Session): string | undefined {
  const intent = session.payment_intent;
  return (typeof intent === 'string' ? intent : intent?.id) || undefined;
}

/**
 * Expires an order's Checkout Session, so that it can no longer be paid. When Stripe refuses
 * (the session is no longer open), the session says why: expired already, or paid.
 */
async function expireSession(secretKey: string, sessionId: string): Promise<CancelResult> {
  if (!sessionId) return { outcome: 'cancelled' };
  const stripe = await stripeClient(secretKey);
  try {
    await stripe.checkout.sessions.expire(sessionId);
    return { outcome: 'cancelled' };
  } catch (error) {
    const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => undefined);
    if (session?.status === 'expired') return { outcome: 'cancelled' };
    if (session?.status === 'complete') return { outcome: 'paid' };
    return { outcome: 'failed', detail: error instanceof Error ? error.message : String(error) };
  }
}
