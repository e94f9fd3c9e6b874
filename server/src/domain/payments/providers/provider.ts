import type { z } from 'zod';
import type { OrdersTable } from '../../../db/schema/index.js';
import type { Selectable } from 'kysely';

type Order = Selectable<OrdersTable>;

/** How the buyer's browser goes on to pay: post a form, or open a link. */
export type PayAction =
  { kind: 'form'; url: string; fields: Record<string, string> } | { kind: 'redirect'; url: string };

/** A started payment: the browser's way on, and the provider's number when it gave one. */
export type StartedPayment = PayAction & { gatewayTradeNo?: string };

/** What the provider says about an order when asked. */
export interface ProviderState {
  state: 'paid' | 'unpaid' | 'unknown';
  /** The provider's own number, when it told us. */
  gatewayTradeNo?: string;
  /** What it says was paid, in minor units, when it told us. */
  paidMinor?: number;
  /** The method actually used (an EPay buyer may switch in the cashier). */
  paymentType?: string;
}

/** Where a provider sends the buyer back and its notifications. */
export interface OrderUrls {
  /** Public origin for callbacks (the gateway's callback domain, else the server address). */
  callbackOrigin: string;
  /** Public origin of the console, for the buyer's return. */
  siteOrigin: string;
}

/**
 * A payment provider: one folder under `providers/`, registered in `registry.ts`. It knows
 * its credentials (validated, with the secret fields named so that the API never returns
 * them), how to start a payment and how to ask for an order's real state. Its callbacks are
 * routes of their own (`http/routes/payments.ts`), verified by the provider first.
 */
export interface PaymentProvider<C extends Record<string, unknown> = Record<string, unknown>> {
  kind: string;
  config: z.ZodType<C>;
  /** Credential fields never sent back to the console. */
  secrets: readonly string[];
  start(input: {
    config: C;
    paymentType: string;
    order: Order;
    urls: OrderUrls;
  }): Promise<StartedPayment>;
  query(input: { config: C; order: Order }): Promise<ProviderState>;
}
