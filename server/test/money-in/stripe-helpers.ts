import { Role } from '@gateway/shared';
import { expect } from 'vitest';
import { startFakeStripe, type FakeSession, type FakeStripe } from '../fake-stripe/index.js';
import { createTestApp, type TestApp } from '../helpers/test-context.js';
import { api, newUser, type TestUser } from '../tokens/console-helpers.js';

export const webhookSecret = 'whsec_test_signing_secret';

/** An app talking to a fake Stripe, with root, finance staff and a buyer. */
export interface StripeTest {
  t: TestApp;
  stripe: FakeStripe;
  root: TestUser;
  finance: TestUser;
  buyer: TestUser;
  /** Adds a Stripe gateway; answers its id (or the refusal's message id). */
  gateway(fields?: Record<string, unknown>): Promise<{ id: number; code?: string }>;
  /** Another buyer (a buyer may start 10 orders a minute). */
  newBuyer(): Promise<TestUser>;
  /** A buyer starts paying `amount` USD through a gateway; answers the order and session. */
  pay(
    amount: number,
    gatewayId: number,
    buyer?: TestUser,
  ): Promise<{ trade_no: string; session: FakeSession }>;
  /** Sends a signed event about `object` to a gateway's webhook; answers the HTTP status. */
  deliver(
    type: string,
    object: object,
    gatewayId: number,
    options?: { secret?: string; at?: number },
  ): Promise<number>;
  cleanup(): Promise<void>;
}

/** Starts the fake Stripe and an app whose Stripe client talks to it. */
export async function startStripeTest(): Promise<StripeTest> {
  const stripe = await startFakeStripe();
  const savedBase = process.env.STRIPE_API_BASE;
  process.env.STRIPE_API_BASE = stripe.base;
  const t = await createTestApp();
  const root = await newUser(t.ctx, Role.root);
  const finance = await newUser(t.ctx, Role.finance);
  const buyer = await newUser(t.ctx, Role.user);
  return {
    t,
    stripe,
    root,
    finance,
    buyer,
    async gateway(fields = {}) {
      const made = await api<{ id: number }>(t.app, root, 'POST', '/api/payment/gateway/', {
        name: 'Card',
        provider: 'stripe',
        currency_rate: 1,
        currency: 'USD',
        config: { secret_key: 'sk_test_123', webhook_secret: webhookSecret },
        ...fields,
      });
      return made.body.success ? { id: made.body.data.id } : { id: 0, code: made.body.code };
    },
    newBuyer: () => newUser(t.ctx, Role.user),
    async pay(amount, gatewayId, who = buyer) {
      const res = await api<{ trade_no: string }>(t.app, who, 'POST', '/api/user/pay', {
        amount,
        gateway_id: gatewayId,
      });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      const session = [...stripe.sessions.values()].find(
        (s) => s.client_reference_id === res.body.data.trade_no,
      )!;
      return { trade_no: res.body.data.trade_no, session: { ...session } };
    },
    async deliver(type, object, gatewayId, options = {}) {
      const { payload, signature } = stripe.event(
        type,
        object,
        options.secret ?? webhookSecret,
        options.at,
      );
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/stripe/webhook/${gatewayId}`,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      return res.statusCode;
    },
    async cleanup() {
      process.env.STRIPE_API_BASE = savedBase;
      await t.cleanup();
      await stripe.close();
    },
  };
}
