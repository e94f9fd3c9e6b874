import { request } from 'undici';
import type { UpstreamRequest } from '../adaptors/adaptor.js';
import { proxyUrl, UpstreamProxy } from '../upstream/upstream-pools.js';

/** An upstream answer read in full (management calls only: tests, balances, model lists). */
export interface UpstreamAnswer {
  status: number;
  /** The body as text. */
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

/** Options of a management call to an upstream. */
export interface UpstreamCallOptions {
  /** Gives up after this many milliseconds. */
  timeoutMs: number;
  /** HTTP(S) proxy URL from the channel's settings (`proxy`), if any. */
  proxy?: unknown;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends one request an adaptor built and reads the whole answer. Throws on network failure
 * or timeout; any HTTP status is returned.
 */
export async function callUpstream(
  upstream: UpstreamRequest,
  options: UpstreamCallOptions,
): Promise<UpstreamAnswer> {
  const through = proxyUrl(options.proxy);
  const proxy = through ? new UpstreamProxy(through) : undefined;
  try {
    const answer = await request(upstream.url, {
      method: upstream.method,
      headers: upstream.headers,
      body: upstream.body,
      dispatcher: proxy,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await answer.body.text();
    return { status: answer.statusCode, text, json: parseJson(text) };
  } finally {
    await proxy?.close();
  }
}
