import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { createTestApp, type TestApp } from '../helpers/test-context.js';
import {
  seedChannel,
  seedToken,
  seedUser,
  type ChannelFields,
  type TokenFields,
} from './relay-fixture.js';

/** An app, a fake upstream and a funded user with a key, for relay tests. */
export interface RelayTest extends TestApp {
  up: FakeUpstream;
  userId: number;
  tokenId: number;
  /** `sk-...` key of the user. */
  key: string;
  /** Sends a relay request with the key as Bearer (or headers given). */
  post(
    url: string,
    payload: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** Adds a channel on the fake upstream (default: OpenAI type, default group). */
  channel(fields: Partial<ChannelFields> & { models: string[] }): Promise<number>;
  /** A new funded user with a key. */
  newCaller(
    quota?: number,
    token?: TokenFields,
    user?: Parameters<typeof seedUser>[1],
  ): Promise<{ userId: number; tokenId: number; key: string }>;
}

/** Starts an app and a fake upstream; the user has $20 and an unlimited key. */
export async function startRelayTest(env?: Record<string, string>): Promise<RelayTest> {
  const t = await createTestApp({ env });
  const up = await startFakeUpstream();
  const newCaller: RelayTest['newCaller'] = async (quota = 10_000_000, token = {}, user = {}) => {
    const userId = await seedUser(t.ctx, { quota, ...user });
    const seeded = await seedToken(t.ctx, userId, token);
    return { userId, tokenId: seeded.id, key: seeded.key };
  };
  const caller = await newCaller();
  return {
    ...t,
    up,
    ...caller,
    newCaller,
    post: (url, payload, headers) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: headers ?? { authorization: `Bearer ${caller.key}` },
        payload: payload as Record<string, unknown>,
      }),
    channel: (fields) => seedChannel(t.ctx, { baseUrl: up.url, ...fields }),
    cleanup: async () => {
      await t.cleanup();
      await up.close().catch(() => undefined);
    },
  };
}

/** Makes the app listen on a free local port (tests that need a real socket); answers the port. */
export async function listenLocally(r: RelayTest): Promise<number> {
  await r.app.listen({ port: 0, host: '127.0.0.1' });
  return (r.app.server.address() as AddressInfo).port;
}

/**
 * Posts a streaming chat request over a real socket with the test key; resolves at the answer's
 * head, so the test reads (or stops reading, or hangs up) as a real client would.
 */
export function openChatStream(
  r: RelayTest,
  port: number,
  body: Record<string, unknown>,
): Promise<{ req: ClientRequest; res: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/v1/chat/completions',
        method: 'POST',
        headers: { authorization: `Bearer ${r.key}`, 'content-type': 'application/json' },
      },
      (res) => resolve({ req, res }),
    );
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    req.end(JSON.stringify({ model: 'gpt-4o-mini', stream: true, ...body }));
  });
}

/** Parses an SSE body into `[event, data]` pairs with JSON data parsed where possible. */
export function sseEvents(body: string): Array<{ event: string; data: unknown }> {
  const out: Array<{ event: string; data: unknown }> = [];
  for (const block of body.split(/\r?\n\r?\n/)) {
    if (!block.trim()) continue;
    let event = '';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    const text = data.join('\n');
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // [DONE] and plain text stay strings.
    }
    out.push({ event, data: parsed });
  }
  return out;
}
