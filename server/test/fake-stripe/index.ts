import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
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
}

/** A fake Stripe API for tests: Checkout Sessions and signed webhook events. */
export interface FakeStripe {
  /** What `STRIPE_API_BASE` should be. */
  base: string;
  sessions: Map<string, FakeSession>;
  /** Idempotency keys received with session creations. */
  idempotencyKeys: string[];
  /** An event of `type` for a session, and its `Stripe-Signature` header for `secret`. */
  event(
    type: string,
    session: FakeSession,
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

/**
 * Answers what the official `stripe` SDK sends for Checkout (`POST /v1/checkout/sessions`
 * with a form body and an idempotency key, `GET /v1/checkout/sessions/:id`) and signs events
 * the way Stripe does (`t=…,v1=HMAC-SHA256(secret, "t.payload")`).
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const byKey = new Map<string, FakeSession>();
  const idempotencyKeys: string[] = [];
  let next = 1;
  let base = '';
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_')) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'bad key' } }));
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(await bodyOf(req));
        const key = String(req.headers['idempotency-key'] ?? '');
        idempotencyKeys.push(key);
        const known = key ? byKey.get(key) : undefined;
        if (known) {
          res.end(JSON.stringify(known));
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
        };
        sessions.set(id, session);
        if (key) byKey.set(key, session);
        res.end(JSON.stringify(session));
        return;
      }
      const match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        const session = sessions.get(match[1]!);
        res.statusCode = session ? 200 : 404;
        res.end(JSON.stringify(session ?? { error: { type: 'invalid_request_error' } }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown' } }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let events = 1;
  return {
    base,
    sessions,
    idempotencyKeys,
    event(type, session, secret, at = Math.floor(Date.now() / 1000)) {
      const payload = JSON.stringify({
        id: `evt_test_${events++}`,
        object: 'event',
        type,
        created: at,
        data: { object: session },
      });
      const v1 = createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex');
      return { payload, signature: `t=${at},v1=${v1}` };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
