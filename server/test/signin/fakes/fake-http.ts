import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake received. */
export interface FakeRequest {
  method: string;
  /** Path with query string. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What a route handler gets and answers with. */
export interface FakeExchange {
  req: FakeRequest;
  query: URLSearchParams;
  /** The body as form fields (URL-encoded) or JSON object fields. */
  fields: Record<string, string>;
  res: ServerResponse;
}

/** A route: method + exact path → handler. */
export type FakeRoutes = Record<string, (exchange: FakeExchange) => void | Promise<void>>;

/** A running fake HTTP service on 127.0.0.1. */
export interface FakeHttp {
  /** Base URL without a trailing slash. */
  url: string;
  /** Every request received, in order. */
  requests: FakeRequest[];
  close(): Promise<void>;
}

/** Answers JSON with a status. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function fieldsOf(headers: IncomingMessage['headers'], body: string): Record<string, string> {
  const type = headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    try {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/**
 * Starts a tiny HTTP server with routes keyed `"METHOD /path"` (404 JSON otherwise), on
 * `port` (0 = any free port).
 */
export async function startFakeHttp(routes: FakeRoutes, port = 0): Promise<FakeHttp> {
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const record: FakeRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(record);
      const handler = routes[`${record.method} ${url.pathname}`];
      if (!handler) return sendJson(res, 404, { message: 'not found' });
      const exchange = {
        req: record,
        query: url.searchParams,
        fields: fieldsOf(req.headers, record.body),
        res,
      };
      Promise.resolve(handler(exchange)).catch((error: unknown) =>
        sendJson(res, 500, { message: String(error) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
