import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
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

/**
 * undici's proxy agent, except that it leaves a request's headers as they are: undici's adds
 * `host` to the object it is given, and adaptors share one headers object between requests.
 */
export class UpstreamProxy extends ProxyAgent {
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
    const headers = { ...(options.headers as Record<string, string> | undefined) };
    return super.dispatch({ ...options, headers }, handler);
  }
}

/** The proxy URL of a channel's `proxy` setting, when it names an HTTP(S) one. */
export const proxyUrl = (setting: unknown): string | null =>
  typeof setting === 'string' && /^https?:\/\//.test(setting) ? setting : null;

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
    agent = new UpstreamProxy({
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

/** Body bytes buffered ahead of a consumer that reads chunk by chunk before the socket pauses. */
const highWaterBytes = 256 * 1024;

/** An upstream answer at its headers; the body is still arriving. */
export interface UpstreamResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: UpstreamBody;
}

/**
 * The body of an upstream answer, fed by the dispatcher as bytes arrive: read it whole
 * (`bytes`, `text`) or chunk by chunk (`for await`, which pauses the upstream socket while
 * the consumer is behind). No stream objects are made unless `toReadable` asks for one.
 */
export class UpstreamBody implements AsyncIterable<Buffer> {
  private chunks: Buffer[] = [];
  private queued = 0;
  private done = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private streaming = false;

  constructor(private readonly call: UpstreamCall) {}

  /** Dispatcher side: a chunk arrived. */
  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.queued += chunk.length;
    if (this.streaming && this.queued > highWaterBytes) this.call.pause();
    this.notify();
  }

  /** Dispatcher side: the body ended, or broke with `error`. */
  finish(error: Error | null): void {
    this.done = true;
    this.failure = error;
    this.notify();
  }

  /** True once the body has ended or broken. */
  get complete(): boolean {
    return this.done;
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private settled(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }

  /** The whole body when all of it has arrived (without a promise), else undefined. */
  whole(): Buffer | undefined {
    return this.done && !this.failure ? this.takeQueued() : undefined;
  }

  /** The whole body; rejects when it broke. */
  async bytes(): Promise<Buffer> {
    while (!this.done) await this.settled();
    if (this.failure) throw this.failure;
    return this.takeQueued();
  }

  /** Every chunk that has arrived and not been read, as one buffer. */
  private takeQueued(): Buffer {
    const { chunks } = this;
    this.chunks = [];
    this.queued = 0;
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }

  /** The whole body as UTF-8 text. */
  async text(): Promise<string> {
    return (await this.bytes()).toString('utf8');
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
    this.streaming = true;
    for (;;) {
      // What arrived while the reader was busy is read as one chunk: under load a streamed
      // answer came in three pieces on average, two of them queued behind the first.
      if (this.chunks.length > 0) {
        const chunk = this.takeQueued();
        this.call.resume();
        yield chunk;
        continue;
      }
      if (this.failure) throw this.failure;
      if (this.done) return;
      await this.settled();
    }
  }

  /** The body as a Node stream (for replies that pipe bytes through untouched). */
  toReadable(): Readable {
    return Readable.from(this, { objectMode: false });
  }
}

/**
 * One request to an upstream, as an undici dispatch handler: `response` resolves at the
 * headers, the body arrives in `response.body`, and `abort` stops it at any point (also
 * before the pool has given it a connection).
 */
export class UpstreamCall implements Dispatcher.DispatchHandler {
  readonly response: Promise<UpstreamResponse>;
  private resolve!: (response: UpstreamResponse) => void;
  private reject!: (error: Error) => void;
  private controller: Dispatcher.DispatchController | null = null;
  private abortReason: Error | null = null;
  private body: UpstreamBody | null = null;

  constructor() {
    this.response = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  /** Stops the request and its body (idempotent; nothing happens after the body ended). */
  abort(reason: Error = new UpstreamAborted()): void {
    if (this.abortReason || this.body?.complete) return;
    this.abortReason = reason;
    this.controller?.abort(reason);
  }

  pause(): void {
    this.controller?.pause();
  }

  resume(): void {
    if (this.controller?.paused) this.controller.resume();
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.abortReason) controller.abort(this.abortReason);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ): void {
    if (statusCode < 200) return; // 1xx: the real answer follows.
    this.body = new UpstreamBody(this);
    this.resolve({ statusCode, headers, body: this.body });
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.body?.push(chunk);
  }

  onResponseEnd(): void {
    this.body?.finish(null);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.body) this.body.finish(error);
    else this.reject(error);
  }
}

/** The reason of an upstream call stopped because its client went away. */
export class UpstreamAborted extends Error {
  constructor() {
    super('the request was aborted');
    this.name = 'AbortError';
  }
}

/**
 * Sends an adaptor-built request over the origin's keep-alive pool (or the channel's proxy);
 * the call's `response` resolves at the response headers while the body streams.
 */
export function sendUpstream(upstream: UpstreamRequest, proxy?: unknown): UpstreamCall {
  const url = parsedUrl(upstream.url);
  const call = new UpstreamCall();
  const options: Dispatcher.DispatchOptions = {
    origin: url.origin,
    method: upstream.method,
    path: url.path,
    headers: upstream.headers,
    body: upstream.body,
  };
  const through = proxyUrl(proxy);
  const dispatcher: Dispatcher = through ? proxyFor(through) : poolFor(url.origin);
  dispatcher.dispatch(options, call);
  return call;
}

/** Closes every pool (process shutdown, tests). */
export async function closeUpstreamPools(): Promise<void> {
  const all = [...pools.values(), ...proxies.values()];
  pools.clear();
  proxies.clear();
  await Promise.all(all.map((d) => d.close().catch(() => undefined)));
}
