import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// What the fake upstreams' self-tests call them with: plain fetch, JSON digging, a callback
// receiver.

export type Json = Record<string, unknown>;

/** The value at `path` inside parsed JSON (undefined when absent). */
export function dig(value: unknown, ...path: Array<string | number>): unknown {
  let v = value;
  for (const key of path) {
    v =
      typeof v === 'object' && v !== null
        ? (v as Record<string | number, unknown>)[key]
        : undefined;
  }
  return v;
}

/** The string at `path` inside parsed JSON. */
export const str = (value: unknown, ...path: Array<string | number>) => String(dig(value, ...path));

export async function call(
  url: string,
  method = 'GET',
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json; text: string; type: string }> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Json = {};
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, text, type: res.headers.get('content-type') ?? '' };
}

export async function bytesOf(url: string): Promise<{ type: string; bytes: Buffer }> {
  const res = await fetch(url);
  return {
    type: res.headers.get('content-type') ?? '',
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** A callback receiver: records the JSON bodies POSTed to it. */
export async function startReceiver() {
  const bodies: Json[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += String(c)));
    req.on('end', () => {
      bodies.push(JSON.parse(text) as Json);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
