import { Pool, ProxyAgent, type Dispatcher } from 'undici';
import type { UpstreamRequest } from '../adaptors/adaptor.js';

/** Milliseconds to wait for the upstream's response headers (models may think for minutes). */
export const headersTimeoutMs = 300_000;
/** Milliseconds without a byte from the upstream before a body is abandoned. */
export const bodyTimeoutMs = 300_000;

/** Keep-alive connection pools, one per upstream origin, shared by every request. */
const pools = new Map<string, Pool>();
/** Proxy agents by proxy URL (channels with a `proxy` setting). */
const proxies = new Map<string, ProxyAgent>();

function poolFor(origin: string): Pool {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, {
      connections: 256,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 600_000,
      headersTimeout: headersTimeoutMs,
      bodyTimeout: bodyTimeoutMs,
    });
    pools.set(origin, pool);
  }
  return pool;
}

function proxyFor(url: string): ProxyAgent {
  let agent = proxies.get(url);
  if (!agent) {
    agent = new ProxyAgent({
      uri: url,
      headersTimeout: headersTimeoutMs,
      bodyTimeout: bodyTimeoutMs,
    });
    proxies.set(url, agent);
  }
  return agent;
}

/** Origin and path of recently used upstream URLs (the same few URLs repeat endlessly). */
const urls = new Map<string, { origin: string; path: string }>();

function parsedUrl(raw: string): { origin: string; path: string } {
  let parsed = urls.get(raw);
  if (!parsed) {
    const url = new URL(raw);
    parsed = { origin: url.origin, path: url.pathname + url.search };
    if (urls.size >= 10_000) urls.clear();
    urls.set(raw, parsed);
  }
  return parsed;
}

/** An upstream answer whose body is still streaming. */
export type UpstreamResponse = Dispatcher.ResponseData;

/**
 * Sends an adaptor-built request over the origin's keep-alive pool (or the channel's proxy)
 * and resolves at the response headers; the body streams. `signal` aborts both.
 */
export function sendUpstream(
  upstream: UpstreamRequest,
  signal: AbortSignal,
  proxy?: unknown,
): Promise<UpstreamResponse> {
  const url = parsedUrl(upstream.url);
  const options = {
    method: upstream.method,
    path: url.path,
    headers: upstream.headers,
    body: upstream.body,
    signal,
  };
  if (typeof proxy === 'string' && /^https?:\/\//.test(proxy)) {
    return proxyFor(proxy).request({ ...options, origin: url.origin });
  }
  return poolFor(url.origin).request(options);
}

/** Closes every pool (process shutdown, tests). */
export async function closeUpstreamPools(): Promise<void> {
  const all = [...pools.values(), ...proxies.values()];
  pools.clear();
  proxies.clear();
  await Promise.all(all.map((d) => d.close().catch(() => undefined)));
}
