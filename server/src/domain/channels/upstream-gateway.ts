import type { ServedChannelType } from '@gateway/shared';
import type { Usage } from '../../billing/usage.js';
import type { CachedChannel } from './channel-index.js';

/** What an adaptor needs to know about the selected channel. */
export interface ChannelConfig {
  /** Upstream base URL (a trailing slash is ignored); empty means the upstream's default. */
  baseUrl: string;
  /** The single upstream key of this attempt (multi-key selection happens before). */
  key: string;
  /** The channel's `other` column: Azure api-version, or Gemini API version (`v1beta`). */
  other: string;
  /** The channel's parsed `setting` JSON; adaptors ignore keys they do not know. */
  setting: Readonly<Record<string, unknown>>;
  /** OpenAI organization id sent as `OpenAI-Organization`, when the channel has one. */
  organization?: string;
}
/** How long management calls (tests, balances, model lists) wait for an upstream. */
export const upstreamTimeoutMs = 60_000;

/** A failed upstream call: the HTTP status (0 when no answer came) and the upstream's message. */
export interface ChannelFailure {
  status: number;
  message: string;
}

/** What a test request found: the failure, or the usage of the passing answer. */
export type ProbeResult =
  { failure: ChannelFailure; usage?: undefined } | { failure: null; usage: Usage | null };

/** An account balance as the upstream reports it. */
export interface UpstreamBalance {
  amount: number;
  currency: 'USD' | 'CNY';
}

/**
 * What the domain needs from upstream vendors, which only the relay knows: the served channel
 * types and the management calls (test, model list, balance). The relay implements it
 * (`relay/upstream-gateway.ts`) and `create-context.ts` puts it on the context as
 * `ctx.upstream`, so the domain never imports the relay.
 */
/** The model names a vendor is known for, recognised by name. */
export interface VendorModels {
  /** `owned_by` of its models in `/api/models`. */
  owner: string;
  pattern: RegExp;
}

/** A vendor's models and the channel types that serve them. */
export interface ModelFamily extends VendorModels {
  types: readonly number[];
}

export interface UpstreamGateway {
  /** Every channel type the relay serves, ascending, with its name and default address. */
  servedTypes(): readonly ServedChannelType[];
  /** Sends a tiny chat request ("hi") through the channel; `channel_type_unsupported` when none. */
  probe(channel: CachedChannel, model: string): Promise<ProbeResult>;
  /**
   * The models an upstream key can use, as the upstream lists them (sorted, unique). Throws
   * `channel_models_unsupported` or `channel_upstream_failed`.
   */
  listModels(type: number, channel: ChannelConfig): Promise<string[]>;
  /** The model families the adaptors declare, with the channel types serving each. */
  modelFamilies(): readonly ModelFamily[];
  /** Whether channels of this type can report an account balance. */
  hasBalance(type: number): boolean;
  /** The channel's account balance; `channel_balance_unsupported` or `channel_upstream_failed`. */
  readBalance(channel: CachedChannel): Promise<UpstreamBalance>;
}
