import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/test-context.js';
import {
  listenLocally,
  openChatStream,
  sseEvents,
  startRelayTest,
  type RelayTest,
} from './relay-setup.js';

/** The socket writes of the relay's answers, counted per connection as they reach the kernel. */
function countWrites(r: RelayTest): () => number {
  let writes = 0;
  r.app.server.on('connection', (socket: Socket) => {
    const internals = socket as unknown as Record<'_write' | '_writev', (...a: unknown[]) => void>;
    for (const name of ['_write', '_writev'] as const) {
      const original = internals[name].bind(socket);
      internals[name] = (...args: unknown[]) => {
        writes++;
        original(...args);
      };
    }
  });
  return () => writes;
}

/** Reads a streamed chat answer to its end. */
async function readStream(r: RelayTest, port: number) {
  const { res } = await openChatStream(r, port, { messages: [{ role: 'user', content: 'hi' }] });
  expect(res.statusCode).toBe(200);
  res.setEncoding('utf8');
  let body = '';
  for await (const piece of res) body += piece as string;
  return body;
}

describe(`socket writes of streamed answers on ${testDb}`, () => {
  let r: RelayTest;
  let port = 0;
  let writes: () => number;
  beforeAll(async () => {
    r = await startRelayTest();
    await r.channel({ models: ['gpt-4o-mini'] });
    writes = countWrites(r);
    port = await listenLocally(r);
  });
  afterAll(() => r.cleanup());

  it('sends an answer that arrives whole in one write, final event and end included', async () => {
    r.up.setBehaviour({ chunks: 30 });
    const before = writes();
    const body = await readStream(r, port);
    expect(writes() - before).toBe(1);
    const events = sseEvents(body);
    expect(events.at(-1)?.data).toBe('[DONE]');
    expect(events.filter((e) => JSON.stringify(e.data).includes(' w29'))).toHaveLength(1);
  });

  it('still sends a slow answer piece by piece as it arrives', async () => {
    r.up.setBehaviour({ chunks: 5, chunkDelayMs: 30 });
    const before = writes();
    const body = await readStream(r, port);
    expect(writes() - before).toBeGreaterThanOrEqual(5);
    expect(sseEvents(body).at(-1)?.data).toBe('[DONE]');
  });
});
