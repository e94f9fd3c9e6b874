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
  /** The provider's id of the payment itself (Stripe's PaymentIntent), when it told us. */
  paymentRef?: string;
}

/** What closing an order's payment at the provider did. */
export type CancelResult =
  /** It can no longer be paid (closed now, or expired before). */
  | { outcome: 'cancelled' }
  /** It was paid before it could be closed: the payment's callback credits the order. */
  | { outcome: 'paid' }
  | { outcome: 'failed'; detail: string };

/** How a provider counts money in one currency. */
export interface CurrencyUnits {
  /** Decimals of the amounts it reads and writes (Stripe's ISK amounts are in hundredths: 2). */
  digits: number;
  /** Decimals a price may really have (ISK at Stripe: 0, whole krónur; KWD: 2, last digit 0). */
  places: number;
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
 * them), the currencies it takes and in what units, how to start a payment, how to ask for an
 * order's real state and, optionally, how to close its payment page. Its callbacks are
 * routes of their own (`http/routes/payments.ts`), verified by the provider first.
 */
export interface PaymentProvider<C extends Record<string, unknown> = Record<string, unknown>> {
  kind: string;
  config: z.ZodType<C>;
  /** Credential fields never sent back to the console. */
  secrets: readonly string[];
  /** Its units for an ISO 4217 currency; undefined when it cannot take that currency. */
  units(currency: string): CurrencyUnits | undefined;
  start(input: {
    config: C;
    paymentType: string;
    order: Order;
    urls: OrderUrls;
  }): Promise<StartedPayment>;
  query(input: { config: C; order: Order }): Promise<ProviderState>;
  /**
   * Makes an order's payment page unpayable when the order closes (Stripe expires the Checkout
   * Session). A provider without one (EPay v1 has no close call) leaves it to its own timeout.
   */
  cancel?(input: { config: C; order: Order }): Promise<CancelResult>;
}
