import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { epaySign, epayVerify } from '../../src/domain/payments/providers/epay/sign.js';

/** A fake EPay gateway for tests, on 127.0.0.1. */
export interface FakeEpay {
  /** The gateway's base URL (with a sub-path, as some gateways have). */
  base: string;
  /** Orders the query API reports as paid, by our order number. */
  paid: Map<string, { money: string; trade_no: string; type: string }>;
  /** Order numbers the query API was asked about. */
  queries: string[];
  close(): Promise<void>;
}

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return Object.fromEntries(new URLSearchParams(body));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * Speaks EPay v1 as a gateway does: `submit.php` checks the signed form and shows a cashier
 * page with a "Pay now" button; paying records the order as paid, sends the signed
 * notification to the notify URL (server to server) and sends the browser to the return URL;
 * `api.php?act=order` answers the order query for the merchant.
 */
export async function startFakeEpay(merchant: { pid: string; key: string }): Promise<FakeEpay> {
  const paid: FakeEpay['paid'] = new Map();
  const queries: string[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'POST' && url.pathname === '/pay/submit.php') {
        const form = await formOf(req);
        if (!epayVerify(form, merchant.key) || form.pid !== merchant.pid) {
          res.statusCode = 400;
          res.end('bad signature');
          return;
        }
        const hidden = Object.entries(form)
          .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
          .join('');
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(`<!doctype html><html><body style="font-family:sans-serif">
<h1>Fake EPay cashier</h1><p id="amount">Pay ¥${escapeHtml(form.money ?? '')} for ${escapeHtml(form.name ?? '')}</p>
<form method="post" action="/pay/confirm">${hidden}<button id="pay">Pay now</button></form></body></html>`);
        return;
      }
      if (req.method === 'POST' && url.pathname === '/pay/confirm') {
        const form = await formOf(req);
        const params: Record<string, string> = {
          pid: merchant.pid,
          trade_no: `FAKE${Date.now()}`,
          out_trade_no: form.out_trade_no ?? '',
          type: form.type ?? '',
          name: form.name ?? '',
          money: form.money ?? '',
          trade_status: 'TRADE_SUCCESS',
        };
        paid.set(params.out_trade_no!, {
          money: params.money!,
          trade_no: params.trade_no!,
          type: params.type!,
        });
        const signed = { ...params, sign: epaySign(params, merchant.key), sign_type: 'MD5' };
        const answer = await fetch(`${form.notify_url}?${new URLSearchParams(signed)}`).then((r) =>
          r.text(),
        );
        res.statusCode = answer === 'success' ? 302 : 502;
        res.setHeader('location', form.return_url ?? '/');
        res.end(answer);
        return;
      }
      if (url.pathname === '/pay/api.php' && url.searchParams.get('act') === 'order') {
        queries.push(url.searchParams.get('out_trade_no') ?? '');
        const ok =
          url.searchParams.get('pid') === merchant.pid &&
          url.searchParams.get('key') === merchant.key;
        const order = paid.get(url.searchParams.get('out_trade_no') ?? '');
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify(
            !ok
              ? { code: -1, msg: 'bad merchant' }
              : order
                ? { code: 1, status: 1, ...order }
                : { code: 1, status: 0, money: '0.00' },
          ),
        );
        return;
      }
      res.statusCode = 404;
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/pay/`,
    paid,
    queries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export { epaySign, epayVerify };
