import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible upstream that answers chat completions after `latencyMs` (a JSON body,
 * or a short stream when asked for one) and counts the requests in flight per channel key (the
 * bearer the gateway sends), with the peak: what admission caps must hold to.
 */
export interface CountingUpstream {
  url: string;
  latencyMs: number;
  /** The most requests in flight at once, per channel key. */
  peak: Map<string, number>;
  /** Requests answered, per channel key. */
  served: Map<string, number>;
  reset(): void;
  close(): Promise<void>;
}

export async function startCountingUpstream(): Promise<CountingUpstream> {
  const now = new Map<string, number>();
  const up: Omit<CountingUpstream, 'url' | 'close'> = {
    latencyMs: 40,
    peak: new Map(),
    served: new Map(),
    reset() {
      up.peak.clear();
      up.served.clear();
    },
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const key = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const inFlight = (now.get(key) ?? 0) + 1;
      now.set(key, inFlight);
      up.peak.set(key, Math.max(up.peak.get(key) ?? 0, inFlight));
      const request = JSON.parse(body || '{}') as { model?: string; stream?: boolean };
      const model = request.model ?? 'gpt-4o-mini';
      const created = Math.floor(Date.now() / 1000);
      const usage = { prompt_tokens: 30, completion_tokens: 20, total_tokens: 50 };
      const done = () => {
        now.set(key, (now.get(key) ?? 1) - 1);
        up.served.set(key, (up.served.get(key) ?? 0) + 1);
      };
      if (request.stream) {
        // The stream starts at once and ends after the latency: in flight all along.
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = (delta: object, finish: string | null, extra: object = {}) =>
          `data: ${JSON.stringify({
            id: 'chatcmpl-cap',
            object: 'chat.completion.chunk',
            created,
            model,
            choices: [{ index: 0, delta, finish_reason: finish }],
            ...extra,
          })}\n\n`;
        res.write(chunk({ role: 'assistant', content: 'o' }, null));
        setTimeout(() => {
          done();
          res.end(chunk({ content: 'k' }, 'stop', { usage }) + 'data: [DONE]\n\n');
        }, up.latencyMs);
        return;
      }
      setTimeout(() => {
        done();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-cap',
            object: 'chat.completion',
            created,
            model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: 'ok' },
                finish_reason: 'stop',
              },
            ],
            usage,
          }),
        );
      }, up.latencyMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(up, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as CountingUpstream;
}

/** Waits, if needed, until the current minute has at least 5 s left (minute-window tests). */
export async function awayFromMinuteEnd(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
