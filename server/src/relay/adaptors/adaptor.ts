/**
 * The contract between the relay pipeline and one kind of upstream. An adaptor is pure: it
 * builds requests and translates answers; the relay owns HTTP, timeouts, retries and billing.
 * Chat (chat completions / Messages / generateContent) is required; other capabilities are
 * optional and present only where the upstream really serves them.
 */
import type { Usage } from '../../billing/usage.js';
import type { UpstreamError } from './errors/upstream-error.js';

export type { Usage, UpstreamError };

/** The wire format a client speaks: OpenAI chat completions, Anthropic Messages or Gemini. */
export type ClientFormat = 'openai' | 'anthropic' | 'gemini';

import type { ChannelConfig, VendorModels } from '../../domain/channels/upstream-gateway.js';

export type { ChannelConfig };

/** A request to send upstream; the relay adds nothing but transport concerns. */
export interface UpstreamRequest {
  /** HTTP method. */
  method: 'GET' | 'POST';
  /** Absolute URL. */
  url: string;
  /** Headers including authentication and content type (may be shared between requests). */
  headers: Readonly<Record<string, string>>;
  /** JSON text, raw bytes (multipart), or undefined for GET. */
  body?: string | Buffer;
}

/** Input of a chat request build. */
export interface BuildRequestInput {
  /** The client's wire format. */
  format: ClientFormat;
  /** The client's request body, parsed JSON (validated by the route). */
  body: unknown;
  /** That body as the client sent it, when known: sent on untouched when nothing changes. */
  text?: string;
  /** The upstream model name, after the channel's model mapping. */
  model: string;
  /** Whether the client asked for a stream (Gemini: the `:streamGenerateContent` path). */
  stream: boolean;
  /** The selected channel. */
  channel: ChannelConfig;
  /** Client headers an upstream may honour (`anthropic-beta`), lower-case names. */
  clientHeaders?: Readonly<Record<string, string | undefined>>;
}

/** Context of a response translation. */
export interface ResponseContext {
  /** The model name the client asked for; translated answers carry it. */
  model: string;
}

/** Context of a stream translation. */
export interface StreamContext extends ResponseContext {
  /** OpenAI clients: `stream_options.include_usage` was set, so a usage chunk is expected. */
  includeUsage: boolean;
  /** The relay's prompt estimate, used where an answer must state input tokens before usage. */
  promptTokens: number;
}

/** A non-stream answer translated for the client. */
export interface ParsedResponse {
  /** The answer in the client's format, ready to serialize. */
  body: unknown;
  /** True when `body` is the upstream JSON untouched, so the upstream bytes may be sent as is. */
  unchanged: boolean;
  /** Normalized usage, or null when the upstream reported none. */
  usage: Usage | null;
}

/** Translates one upstream SSE body into the client's SSE format while recording usage. */
export interface StreamTranslator {
  /** Feeds upstream bytes as they arrive; returns client SSE text to write now (maybe ''). */
  push(chunk: string | Buffer): string;
  /** Call once when the upstream body ended normally; returns the closing text to write. */
  end(): string;
  /** Usage reported by the upstream, normalized; null when it sent none. */
  usage(): Usage | null;
  /** Output tokens counted locally over the text delivered so far (+7 per tool call). */
  completionTokens(): number;
  /**
   * Whether the text returned so far holds the event after which the client has the whole
   * answer (OpenAI's `[DONE]`, Anthropic's `message_stop`, the Responses API's
   * `response.completed`; for Gemini, which has none, the end of the stream): its charge must
   * be durable before that text leaves.
   */
  complete(): boolean;
  /**
   * How the returned text is written to the client: 'latin1' when its characters are the
   * upstream's bytes, one each (a pass-through that forwards them undecoded); 'utf8', the
   * default, for text made of characters.
   */
  readonly encoding?: 'latin1' | 'utf8';
}

/** OpenAI endpoints, besides chat, whose client body is forwarded to the upstream. */
export type ForwardEndpoint =
  | 'completions'
  | 'embeddings'
  | 'images/generations'
  | 'images/edits'
  | 'audio/speech'
  | 'audio/transcriptions'
  | 'audio/translations'
  | 'moderations'
  | 'rerank'
  | 'responses';

/** A client body to forward: parsed JSON (its model is replaced) or raw bytes (multipart). */
export type ForwardBody =
  | { json: unknown; /** The JSON as the client sent it. */ text?: string }
  | { raw: Buffer; contentType: string };

/** Input of a forwarded request build. */
export interface ForwardInput {
  /** Which endpoint. */
  endpoint: ForwardEndpoint;
  /** The client body. */
  body: ForwardBody;
  /** The upstream model name (used in the JSON body, or the Azure deployment path). */
  model: string;
  /** Whether the client asked for a stream (completions, responses). */
  stream: boolean;
  /** The selected channel. */
  channel: ChannelConfig;
}

/** Forwarding of non-chat OpenAI endpoints. */
export interface ForwardCapability {
  /** The endpoints this upstream serves. */
  endpoints: ReadonlySet<ForwardEndpoint>;
  /** Builds the upstream request for one of `endpoints`. */
  buildRequest(input: ForwardInput): UpstreamRequest;
  /** Reads usage from a JSON answer of the endpoint; null when it carries none. */
  usage(endpoint: ForwardEndpoint, json: unknown): Usage | null;
  /** Creates a pass-through translator for a streamed answer (completions, responses). */
  createStreamTranslator(endpoint: ForwardEndpoint, ctx: StreamContext): StreamTranslator;
}

/** Listing the models an upstream key can use. */
export interface ListModelsCapability {
  /** Builds the list request. */
  request(channel: ChannelConfig): UpstreamRequest;
  /** Reads model names from the answer. */
  parse(json: unknown): string[];
}

/** An upstream account balance. */
export interface Balance {
  /** Remaining amount. */
  amount: number;
  /** Currency of `amount`; the caller converts CNY with its exchange rate. */
  currency: 'USD' | 'CNY';
}

/** Reading the upstream account balance. */
export interface BalanceCapability {
  /** Builds the requests to send (in order); `now` dates usage windows. */
  requests(channel: ChannelConfig, now: Date): UpstreamRequest[];
  /** Computes the balance from the parsed answers, in the order of `requests`. */
  parse(answers: unknown[]): Balance;
}

/** One kind of upstream. */
export interface Adaptor {
  /** Upstream name for logs and the console (e.g. "OpenAI", "DeepSeek", "Anthropic"). */
  name: string;
  /** Address used when a channel leaves its base URL empty; empty when a channel must give one. */
  defaultBaseUrl: string;
  /** The client format the upstream speaks natively (pricing lists it as an endpoint type). */
  nativeFormat: ClientFormat;
  /** The vendor's own model names (the channel editor suggests them for this type). */
  models?: VendorModels;
  /** Builds the upstream chat request from a client request in any format. */
  buildRequest(input: BuildRequestInput): UpstreamRequest;
  /** Translates a non-stream upstream answer (parsed JSON) into the client's format. */
  parseResponse(format: ClientFormat, upstream: unknown, ctx: ResponseContext): ParsedResponse;
  /**
   * The usage of a non-stream answer that a client of `nativeFormat` gets untouched, read from
   * its text (its bytes as latin1, a character each) without parsing it whole; undefined when
   * it cannot be read so (the answer is then parsed by `parseResponse`, which also refuses
   * what is not an answer).
   */
  passedUsage?(text: string): Usage | undefined;
  /** Creates the translator of one upstream stream into the client's format. */
  createStreamTranslator(format: ClientFormat, ctx: StreamContext): StreamTranslator;
  /** Non-chat OpenAI endpoints, when the upstream serves some. */
  forward?: ForwardCapability;
  /** Model listing, when the upstream has it. */
  listModels?: ListModelsCapability;
  /** Balance reading, when the upstream has it. */
  balance?: BalanceCapability;
}
