import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Checkout Session as the fake keeps it. */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string;
  metadata: Record<string, string>;
  /** Set once paid. */
  payment_intent: string | null;
}

/** The charge of a paid session. */
export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  metadata: Record<string, string>;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  metadata: Record<string, string>;
}

export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status:
    | 'warning_needs_response'
    | 'needs_response'
    | 'under_review'
    | 'won'
    | 'lost'
    | 'warning_closed';
  reason: string;
  metadata: Record<string, string>;
}

/** A fake Stripe API for tests: Checkout Sessions, their charges, refunds, disputes, events. */
export interface FakeStripe {
  /** What `STRIPE_API_BASE` should be. */
  base: string;
  sessions: Map<string, FakeSession>;
  /** Idempotency keys received with session creations. */
  idempotencyKeys: string[];
  /** Session ids expired through the API. */
  expired: string[];
  /** The buyer pays a session: refused (throws) once it is expired or paid. */
  pay(sessionId: string): { session: FakeSession; charge: FakeCharge };
  /** The merchant refunds part of a paid session's charge. */
  refund(sessionId: string, amount: number, status?: FakeRefund['status']): FakeRefund;
  /** A refund changes state (a failed one gives its amount back to the charge). */
  settleRefund(refundId: string, status: FakeRefund['status']): FakeRefund;
  /** The payer disputes a paid session's charge. */
  dispute(sessionId: string, amount: number, status?: FakeDispute['status']): FakeDispute;
  /** The charge of a paid session. */
  chargeOf(sessionId: string): FakeCharge;
  /** An event of `type` about `object`, and its `Stripe-Signature` header for `secret`. */
  event(
    type: string,
    object: object,
    secret: string,
    at?: number,
  ): { payload: string; signature: string };
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.end(JSON.stringify(body));
}

const invalid = (message: string, code = 'resource_missing') => ({
  error: { type: 'invalid_request_error', code, message },
});

/**
 * Answers what the official `stripe` SDK sends for Checkout (`POST /v1/checkout/sessions`
 * with a form body and an idempotency key, `GET /v1/checkout/sessions/:id`,
 * `POST /v1/checkout/sessions/:id/expire`), PaymentIntents (`GET /v1/payment_intents/:id`) and
 * refund lists (`GET /v1/refunds?charge=`), and signs events the way Stripe does
 * (`t=…,v1=HMAC-SHA256(secret, "t.payload")`). Like Stripe, it refuses to expire a session
 * that is not open, and a buyer cannot pay an expired session.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const byKey = new Map<string, FakeSession>();
  /** PaymentIntent metadata by session, as `payment_intent_data[metadata]` set it. */
  const intentMetadata = new Map<string, Record<string, string>>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeRefund>();
  const idempotencyKeys: string[] = [];
  const expired: string[] = [];
  let next = 1;
  let base = '';
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_')) {
        answer(res, 401, invalid('bad key', 'api_key_invalid'));
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(await bodyOf(req));
        const key = String(req.headers['idempotency-key'] ?? '');
        idempotencyKeys.push(key);
        const known = key ? byKey.get(key) : undefined;
        if (known) {
          answer(res, 200, known);
          return;
        }
        const id = `cs_test_${next++}`;
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          url: `${base}/checkout/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]') ?? '',
          client_reference_id: form.get('client_reference_id') ?? '',
          metadata: { trade_no: form.get('metadata[trade_no]') ?? '' },
          payment_intent: null,
        };
        sessions.set(id, session);
        intentMetadata.set(id, {
          trade_no: form.get('payment_intent_data[metadata][trade_no]') ?? '',
        });
        if (key) byKey.set(key, session);
        answer(res, 200, session);
        return;
      }
      const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(url.pathname);
      if (req.method === 'POST' && expire) {
        const session = sessions.get(expire[1]!);
        if (!session) return answer(res, 404, invalid('No such checkout session'));
        if (session.status !== 'open') {
          return answer(
            res,
            400,
            invalid(
              `Only Checkout Sessions with a status in ["open"] can be expired.`,
              'checkout_session_not_expirable',
            ),
          );
        }
        session.status = 'expired';
        expired.push(session.id);
        answer(res, 200, session);
        return;
      }
      const match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        const session = sessions.get(match[1]!);
        answer(res, session ? 200 : 404, session ?? invalid('No such checkout session'));
        return;
      }
      const intent = /^\/v1\/payment_intents\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && intent) {
        const session = [...sessions.values()].find((s) => s.payment_intent === intent[1]);
        if (!session) return answer(res, 404, invalid('No such payment_intent'));
        answer(res, 200, {
          id: intent[1],
          object: 'payment_intent',
          amount: session.amount_total,
          currency: session.currency,
          status: 'succeeded',
          metadata: intentMetadata.get(session.id) ?? {},
        });
        return;
      }
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const charge = url.searchParams.get('charge');
        const data = [...refunds.values()].filter((r) => !charge || r.charge === charge);
        answer(res, 200, { object: 'list', url: '/v1/refunds', has_more: false, data });
        return;
      }
      answer(res, 404, invalid('unknown', 'unknown_path'));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let events = 1;
  const chargeOf = (sessionId: string) => {
    const charge = charges.get(sessionId);
    if (!charge) throw new Error(`session ${sessionId} is not paid`);
    return charge;
  };
  return {
    base,
    sessions,
    idempotencyKeys,
    expired,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
      const n = next++;
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = `pi_test_${n}`;
      const charge: FakeCharge = {
        id: `ch_test_${n}`,
        object: 'charge',
        amount: session.amount_total,
        amount_refunded: 0,
        currency: session.currency,
        payment_intent: session.payment_intent,
        refunded: false,
        metadata: {},
      };
      charges.set(sessionId, charge);
      return { session: { ...session }, charge: { ...charge } };
    },
    refund(sessionId, amount, status = 'succeeded') {
      const charge = chargeOf(sessionId);
      if (charge.amount_refunded + amount > charge.amount)
        throw new Error('refund over the charge');
      const refund: FakeRefund = {
        id: `re_test_${next++}`,
        object: 'refund',
        amount,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        currency: charge.currency,
        status,
        metadata: {},
      };
      refunds.set(refund.id, refund);
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      return { ...refund };
    },
    settleRefund(refundId, status) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      if (status === 'failed' || status === 'canceled') {
        const charge = [...charges.values()].find((c) => c.id === refund.charge)!;
        charge.amount_refunded -= refund.amount;
        charge.refunded = false;
      }
      refund.status = status;
      return { ...refund };
    },
    dispute(sessionId, amount, status = 'needs_response') {
      const charge = chargeOf(sessionId);
      return {
        id: `dp_test_${next++}`,
        object: 'dispute',
        amount,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        currency: charge.currency,
        status,
        reason: 'fraudulent',
        metadata: {},
      };
    },
    chargeOf: (sessionId) => ({ ...chargeOf(sessionId) }),
    event(type, object, secret, at = Math.floor(Date.now() / 1000)) {
      const payload = JSON.stringify({
        id: `evt_test_${events++}`,
        object: 'event',
        type,
        created: at,
        data: { object },
      });
      const v1 = createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex');
      return { payload, signature: `t=${at},v1=${v1}` };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
