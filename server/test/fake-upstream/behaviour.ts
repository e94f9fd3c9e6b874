import type { IncomingHttpHeaders } from 'node:http';

/** How the fake upstream answers; set per test with `setBehaviour`. Everything is optional. */
export interface FakeBehaviour {
  /** Answer with this error instead, shaped like the route's format unless `rawBody` is given. */
  error?: {
    /** HTTP status, e.g. 401, 429, 500. */
    status: number;
    /** Error message (put an auto-disable keyword here to test channel disabling). */
    message?: string;
    /** Error type in the body (OpenAI/Anthropic); derived from the status when absent. */
    type?: string;
    /** OpenAI error code, e.g. "invalid_api_key". */
    code?: string | null;
    /** Exact body to send instead of a shaped one (e.g. an HTML page). */
    rawBody?: string;
    /** Fail only the first N requests, then answer normally (retry tests). */
    times?: number;
  };
  /** Milliseconds to wait before answering. */
  latencyMs?: number;
  /** The assistant text; streamed word by word. */
  text?: string;
  /** Stream exactly this many content pieces (` w0`, ` w1`, ...) instead of `text`. */
  chunks?: number;
  /** Milliseconds between streamed pieces (disconnect tests). */
  chunkDelayMs?: number;
  /** Streams: close the connection abruptly after this many events (an upstream that dies). */
  cutAfterEvents?: number;
  /** Leave usage out of answers and streams. */
  omitUsage?: boolean;
  /** Answer with the received request body text as the assistant text. */
  echo?: boolean;
  /** Answer with this tool call instead of text. */
  toolCall?: { name: string; arguments: Record<string, unknown> };
  /** Token counts to report, in normalized terms; each format reports them its own way. */
  usage?: {
    promptTokens?: number;
    completionTokens?: number;
    cachedTokens?: number;
    cacheWriteTokens?: number;
  };
}

/** One request the fake upstream received. */
export interface ReceivedRequest {
  /** HTTP method. */
  method: string;
  /** Path without the query string. */
  path: string;
  /** Query parameters. */
  query: Record<string, string>;
  /** Request headers (lower-case names). */
  headers: IncomingHttpHeaders;
  /** Raw body bytes. */
  body: Buffer;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
  /** True when the client closed the connection before the answer was complete. */
  aborted: boolean;
  /** Bytes of streamed answer written so far (the writer waits for the client to read). */
  readonly sentBytes: number;
}

/** Token counts of one answer, normalized (prompt excludes cached and cache writes). */
export interface PlannedUsage {
  /** Uncached input tokens (default 11). */
  promptTokens: number;
  /** Output tokens (default: the number of streamed pieces). */
  completionTokens: number;
  /** Input tokens read from the cache (default 0). */
  cachedTokens: number;
  /** Input tokens written to the cache (default 0; Anthropic only). */
  cacheWriteTokens: number;
}

/** What a route handler needs to produce its answer. */
export interface AnswerPlan {
  /** The model name to report. */
  model: string;
  /** Content pieces in stream order (their concatenation is the whole text). */
  pieces: string[];
  /** The tool call to make instead of text, if any. */
  toolCall?: { name: string; arguments: Record<string, unknown> };
  /** Usage to report, or null when usage is omitted. */
  usage: PlannedUsage | null;
  /** Delay between streamed events. */
  chunkDelayMs: number;
  /** Streams: the connection is destroyed after this many events. */
  cutAfterEvents?: number;
}

/** Splits text into stream pieces, keeping the spaces: "a b" → ["a", " b"]. */
function words(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [text];
}

/** Derives the answer of a request from the behaviour. */
export function planAnswer(b: FakeBehaviour, model: string, request: ReceivedRequest): AnswerPlan {
  const text = b.echo ? request.body.toString('utf8') : (b.text ?? 'Hello from the fake upstream.');
  const pieces =
    b.chunks !== undefined
      ? Array.from({ length: b.chunks }, (_, i) => ` w${i}`)
      : b.echo
        ? [text]
        : words(text);
  const usage = b.omitUsage
    ? null
    : {
        promptTokens: b.usage?.promptTokens ?? 11,
        completionTokens: b.usage?.completionTokens ?? pieces.length,
        cachedTokens: b.usage?.cachedTokens ?? 0,
        cacheWriteTokens: b.usage?.cacheWriteTokens ?? 0,
      };
  return {
    model,
    pieces,
    toolCall: b.toolCall,
    usage,
    chunkDelayMs: b.chunkDelayMs ?? 0,
    cutAfterEvents: b.cutAfterEvents,
  };
}
