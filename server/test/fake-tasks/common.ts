import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * What every fake upstream of asynchronous tasks shares: an HTTP server on 127.0.0.1 that
 * records each request, obeys the `fault` and `failQueriesWith429` knobs and serves result
 * files. How their tasks behave is in `task-lifecycle.ts`.
 */

/** One request a fake upstream received. */
export interface ReceivedRequest {
  method: string;
  /** The path, without the query string. */
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** Parsed JSON when the body is JSON, else its raw bytes (a Buffer); undefined when empty. */
  body: unknown;
  /** The fields of a multipart body: text fields, and a file field's file name. */
  form?: Record<string, string>;
}

/** A fault to answer with instead of the protocol. */
export interface Fault {
  status: number;
  /** The body as sent (may be malformed JSON or ''); else the protocol's error body. */
  body?: string;
  /** How many requests get it (then the fake behaves again); all of them when absent. */
  times?: number;
  /** Waits this long before answering (to outlast a client's timeout). */
  delayMs?: number;
}

/** What a route handler gets. */
export interface Exchange {
  req: ReceivedRequest;
  /** The route pattern's capture groups ('' for a group that did not take part). */
  params: string[];
  res: ServerResponse;
}

/** `query` routes are the polls `failQueriesWith429` refuses; `file` routes need no auth. */
export type RouteKind = 'submit' | 'query' | 'file' | 'other';

/** A route: method + path pattern (tried in order). */
export interface Route {
  method: string;
  pattern: RegExp;
  kind: RouteKind;
  handle: (x: Exchange) => void | Promise<void>;
}

/** An answer decided before any route runs (a refused key, a rate limit). */
export interface Answer {
  status: number;
  /** JSON body; no body when undefined. */
  body?: unknown;
}

/** A running fake upstream and its server-wide knobs. */
export interface FakeBase<R extends ReceivedRequest = ReceivedRequest> {
  /** Base URL, without a trailing slash. */
  url: string;
  /** Every request received, in order (result files included). */
  requests: R[];
  /** Answer the next `fault.times` requests (all when absent) with this instead; null = behave. */
  fault: Fault | null;
  /** Refuse polls with the protocol's 429: true = every poll, n = the next n polls. */
  failQueriesWith429: boolean | number;
  close(): Promise<void>;
}

/** How a fake speaks: its routes, auth and error bodies. */
export interface ServerSpec<R extends ReceivedRequest> {
  routes: Route[];
  /** Turns the recorded request into the fake's own record (adds fields). */
  record: (req: ReceivedRequest) => R;
  /** The refusal for a request whose credentials are wrong; null = let it through. */
  authorize?: (req: R) => Answer | null;
  /** The protocol's error body for a status (faults without a body, 404, 429, 500). */
  errorBody: (status: number, message: string, req: R) => unknown;
}

/** A tiny valid PNG (1×1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The `ftyp` box an MP4 file starts with. */
export const MP4 = Buffer.from('00000018667479706d703432000000006d70343269736f6d', 'hex');
/** An empty ID3v2 header and one MPEG-1 layer III frame header. */
export const MP3 = Buffer.from('49443304000000000000fffb9000', 'hex');

const fileTypes: Readonly<Record<string, [string, Buffer]>> = {
  png: ['image/png', PNG],
  mp4: ['video/mp4', MP4],
  mp3: ['audio/mpeg', MP3],
};

/** Answers JSON. */
export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A string field of a JSON object body ('' when absent or not a string). */
export const field = (body: unknown, name: string): string => {
  const v = isRecord(body) ? body[name] : undefined;
  return typeof v === 'string' ? v : '';
};

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

/** The fields of a multipart body (text fields; a file field gives its file name). */
export function parseMultipart(raw: Buffer, contentType: string): Record<string, string> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const fields: Record<string, string> = {};
  if (!boundary) return fields;
  for (const part of raw.toString('latin1').split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (!name) continue;
    const file = /filename="([^"]*)"/i.exec(head)?.[1];
    const value = part.slice(split + 4).replace(/\r\n$/, '');
    fields[name] = file ?? Buffer.from(value, 'latin1').toString('utf8');
  }
  return fields;
}

function decodeJsonOrBytes(raw: Buffer, contentType: string): unknown {
  if (raw.length === 0) return undefined;
  if (/json/i.test(contentType) || contentType === '') {
    try {
      return JSON.parse(raw.toString('utf8')) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}

/** Serves `/files/<name>.<png|mp4|mp3>` (any name: results are not checked against tasks). */
const filesRoute: Route = {
  method: 'GET',
  pattern: /^\/files\/([^/]+)\.(png|mp4|mp3)$/,
  kind: 'file',
  handle: (x) => {
    const [type, bytes] = fileTypes[x.params[1] ?? 'png'] ?? ['image/png', PNG];
    x.res.writeHead(200, { 'content-type': type, 'content-length': bytes.length }).end(bytes);
  },
};

function recordOf(req: IncomingMessage, raw: Buffer): ReceivedRequest {
  const url = new URL(req.url ?? '/', 'http://fake');
  const contentType = req.headers['content-type'] ?? '';
  const record: ReceivedRequest = {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: req.headers,
    body: decodeJsonOrBytes(raw, contentType),
  };
  if (/multipart\/form-data/i.test(contentType)) record.form = parseMultipart(raw, contentType);
  return record;
}

/** Takes one use of the fake's fault, if any. */
function takeFault(fake: { fault: Fault | null }): Fault | null {
  const fault = fake.fault;
  if (!fault) return null;
  if (fault.times !== undefined) {
    fault.times -= 1;
    if (fault.times <= 0) fake.fault = null;
  }
  return fault;
}

/** Takes one use of the 429 knob, if it applies. */
function takeRateLimit(fake: { failQueriesWith429: boolean | number }): boolean {
  const knob = fake.failQueriesWith429;
  if (knob === true) return true;
  if (typeof knob === 'number' && knob > 0) {
    fake.failQueriesWith429 = knob - 1;
    return true;
  }
  return false;
}

function send(res: ServerResponse, answer: Answer): void {
  if (answer.body === undefined) res.writeHead(answer.status).end();
  else json(res, answer.status, answer.body);
}

async function dispatch<R extends ReceivedRequest>(
  spec: ServerSpec<R>,
  routes: Route[],
  fake: FakeBase<R>,
  record: R,
  res: ServerResponse,
): Promise<void> {
  const fault = takeFault(fake);
  if (fault) {
    if (fault.delayMs) await sleep(fault.delayMs);
    const body =
      fault.body ??
      JSON.stringify(spec.errorBody(fault.status, `fault ${fault.status}`, record) ?? null);
    res.writeHead(fault.status, body ? { 'content-type': 'application/json' } : {}).end(body);
    return;
  }
  for (const route of routes) {
    const match = route.method === record.method ? route.pattern.exec(record.path) : null;
    if (!match) continue;
    const refused = route.kind === 'file' ? null : (spec.authorize?.(record) ?? null);
    if (refused) return send(res, refused);
    if (route.kind === 'query' && takeRateLimit(fake)) {
      return json(res, 429, spec.errorBody(429, 'Too many requests', record));
    }
    await route.handle({ req: record, params: match.slice(1).map((p) => p ?? ''), res });
    return;
  }
  const refused = spec.authorize?.(record) ?? null;
  if (refused) return send(res, refused);
  json(res, 404, spec.errorBody(404, `No route for ${record.method} ${record.path}`, record));
}

/** Starts a fake upstream on 127.0.0.1 (any free port) speaking `spec`, plus `/files/…`. */
export async function startServer<R extends ReceivedRequest>(
  spec: ServerSpec<R>,
): Promise<FakeBase<R>> {
  const routes = [...spec.routes, filesRoute];
  const fake: FakeBase<R> = {
    url: '',
    requests: [],
    fault: null,
    failQueriesWith429: false,
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const record = spec.record(recordOf(req, Buffer.concat(chunks)));
      fake.requests.push(record);
      dispatch(spec, routes, fake, record, res).catch((error: unknown) => {
        if (!res.headersSent) json(res, 500, spec.errorBody(500, String(error), record));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** Spring Boot's error body (`{timestamp, status, error, path}`), as Java services answer. */
export const springError = (status: number, path: string) => ({
  timestamp: new Date().toISOString(),
  status,
  error: STATUS_CODES[status] ?? 'Error',
  path,
});
