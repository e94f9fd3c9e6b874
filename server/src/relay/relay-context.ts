import type { UserOverrides } from '../domain/users/user-cache.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModelPricing } from '../billing/pricing.js';
import type { Reservation } from '../billing/reservation.js';
import type { Gate } from './steps/gate.js';
import type { Usage } from '../billing/usage.js';
import type { AppContext } from '../context.js';
import type { CachedToken } from '../domain/tokens/token-cache.js';
import { nowSeconds } from '../lib/time.js';
import type { ClientFormat, ForwardBody, ForwardEndpoint } from './adaptors/adaptor.js';
import type { CachedChannel } from '../domain/channels/channel-index.js';
import type { UpstreamCall } from './upstream/upstream-pools.js';

/**
 * What a relay route serves: chat in the client's format, a forwarded OpenAI endpoint, or the
 * submit of an asynchronous task (priced per call; its platform talks to the upstream).
 */
export type RelayEndpoint = 'chat' | 'task' | ForwardEndpoint;

/** Request facts carried by the URL rather than the body. */
export interface RouteHints {
  /** Gemini: the model of `/v1beta/models/{model}:{action}`. */
  model?: string;
  /** Gemini: `streamGenerateContent`. */
  stream?: boolean;
}

/** Who is calling and on whose balance. */
export interface Caller {
  userId: number;
  username: string;
  /** The user's own group. */
  userGroup: string;
  /** The user's level name (discounts and limits). */
  level: string;
  /** The user's own terms beside the level. */
  overrides: UserOverrides;
  role: number;
  /** The API key; null for the playground (billed to the signed-in user). */
  token: CachedToken | null;
  /** Channel forced by an admin with `sk-<key>-<channelId>`; no retries then. */
  pinnedChannelId: number | null;
  /** The user asked for client IPs in their logs (`record_ip_log` setting). */
  recordIp: boolean;
}

/** The client request, read once. */
export interface ParsedRequest {
  /** The model the client asked for. */
  model: string;
  stream: boolean;
  /** OpenAI clients: `stream_options.include_usage`. */
  includeUsage: boolean;
  /** The body as the adaptor takes it: parsed JSON, or raw bytes (multipart). */
  body: ForwardBody;
  /** Completion tokens the client capped the answer at; 0 = not given. */
  maxTokens: number;
  /** Prompt tokens estimated locally (reservation, and usage when the upstream gives none). */
  promptTokens: number;
  /** Calls the request is priced as (images: `n`). */
  calls: number;
}

/** The attempt in progress: the channel and the model name sent upstream. */
export interface Attempt {
  channel: CachedChannel;
  /** The model after the channel's model mapping. */
  upstreamModel: string;
  /** 0 for the first attempt. */
  index: number;
}

/** What sticky routing knows of a request: its conversation key and the rule that made it. */
export interface Sticky {
  rule: string;
  /** Shared-state key of the conversation's channel. */
  key: string;
  ttlSeconds: number;
  /** The remembered channel served this request. */
  hit: boolean;
}

/** Who ended a partial answer: the client, or the upstream by closing or by an error event. */
export type PartialReason = 'client_gone' | 'upstream_cut' | 'upstream_error';

/** How the answer went, for settlement and the log. */
export interface Outcome {
  /** Usage as reported by the upstream, else counted locally. */
  usage: Usage | null;
  /** True when the usage was counted locally (no upstream usage). */
  localCount: boolean;
  /** Milliseconds from the request to the first byte sent to the client; 0 = none. */
  firstByteMs: number;
  /** The client disconnected before the answer ended. */
  clientGone: boolean;
  /** Why an answer ended before it was whole, when it did; it is billed for what was delivered. */
  partial: PartialReason | null;
  /** The request was settled (its charge queued or committed); settling again does nothing. */
  settled: boolean;
}

/**
 * Everything one relay request knows, filled in step by step by the pipeline of
 * `relay-request.ts`. Fields marked `!` are set by the step named beside them, before any
 * later step reads them.
 */
export class RelayContext {
  /** Unix seconds when the request arrived (log time). */
  readonly createdAt = nowSeconds();
  /** High-resolution start (durations). */
  readonly startedAt = performance.now();
  /** The upstream call in progress (aborted when the client goes away). */
  upstream: UpstreamCall | null = null;
  /** Channels already tried (never the same twice). */
  readonly tried = new Set<number>();
  /** Set by `authenticateCaller`. */
  caller!: Caller;
  /** Set by `authenticateCaller`: the key's group, else the user's. */
  usingGroup!: string;
  /** Set by `readRequest`. */
  request!: ParsedRequest;
  /** The in-flight slots this request holds (level, user), given back when it ends. */
  heldSlots: string[] = [];
  /** Admission checks gathered by the limit steps, run with the reservation; null for none. */
  gate: Gate | null = null;
  /** Set by `priceRequest`: the price, with a price tier applied when one matched. */
  pricing!: ModelPricing;
  /** Set by `priceRequest`: the model's price before tiers (settlement re-tiers by usage). */
  basePricing!: ModelPricing;
  /** The price tier that applies (`prompt ≥ 200000`, `size = 1792x1024`); null = none. */
  priceTier: string | null = null;
  /** Set by `reserve`; `quota` 0 until then. */
  reservation: Reservation | null = null;
  /** The attempt in progress (set by `callUpstream`). */
  attempt: Attempt | null = null;
  /**
   * The model the client asked for when another one answers (the operator's model fallback):
   * `request.model` and `pricing` are then the fallback's. Null otherwise.
   */
  fallbackFrom: string | null = null;
  /** The key's group when one of its fallback groups served the request; null otherwise. */
  fallbackGroupFrom: string | null = null;
  /** Sticky routing of the request's conversation; null when no rule matches. */
  sticky: Sticky | null = null;
  readonly outcome: Outcome = {
    usage: null,
    localCount: false,
    firstByteMs: 0,
    clientGone: false,
    partial: null,
    settled: false,
  };

  constructor(
    readonly ctx: AppContext,
    readonly req: FastifyRequest,
    readonly reply: FastifyReply,
    /** The client's wire format (error shape and chat conversions). */
    readonly format: ClientFormat,
    readonly endpoint: RelayEndpoint,
    /** What the URL says about the request (Gemini puts the model and streaming there). */
    readonly route: RouteHints = {},
    /**
     * The id of its logs, reservation and ledger rows: the HTTP request's, unless one HTTP
     * request makes several priced requests (a drawing placed again in the backup pool).
     */
    readonly requestId: string = req.id,
  ) {}

  /** Milliseconds since the request arrived. */
  elapsedMs(): number {
    return performance.now() - this.startedAt;
  }
}

/** The endpoint of a request that is neither chat nor a task: one forwarded to the upstream. */
export const forwardedEndpoint = (rc: RelayContext): ForwardEndpoint =>
  rc.endpoint as ForwardEndpoint;
