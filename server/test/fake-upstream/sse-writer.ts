import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { drained } from '../../src/lib/drained.js';

/**
 * Writes SSE events with a delay between them, as fast as the client reads (backpressure, like
 * a real server); stops quietly when the client went away. With `cutAfter`, the connection is
 * destroyed after that many events, as when an upstream dies mid-answer.
 */
export async function writeEvents(
  res: ServerResponse,
  events: string[],
  delayMs: number,
  cutAfter?: number,
): Promise<void> {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  for (let i = 0; i < events.length; i++) {
    if (res.destroyed) return;
    if (i > 0 && delayMs > 0) await sleep(delayMs);
    if (res.destroyed) return;
    if (i === cutAfter) {
      await sleep(20);
      res.socket?.destroy();
      return;
    }
    if (!res.write(events[i])) await drained(res);
  }
  res.end();
}

/** Sends a JSON answer. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
