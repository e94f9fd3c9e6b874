import type { Adaptor, ChannelConfig } from '../../relay/adaptors/adaptor.js';
import { AdaptorError } from '../../relay/adaptors/errors/adaptor-error.js';
import { normalizeUpstreamError } from '../../relay/adaptors/errors/upstream-error.js';
import { adaptorFor, supportedChannelTypes } from '../../relay/adaptors/registry.js';
import { AppError } from '../../errors.js';
import type { ChannelFailure } from './channel-health.js';
import { requiresBaseUrl } from './served-types.js';
import type { UpstreamAnswer } from './upstream-call.js';

/** How long management calls (tests, balances, model lists) wait for an upstream. */
export const upstreamTimeoutMs = 60_000;

/** The adaptor of a channel type; `channel_type_unsupported` when the relay has none. */
export function channelAdaptor(type: number): Adaptor {
  const adaptor = adaptorFor(type);
  if (!adaptor) throw new AppError('channel_type_unsupported', { type });
  return adaptor;
}

/** Refuses a channel type the relay cannot serve, or a missing base URL where one is needed. */
export function checkChannelTarget(type: number, baseUrl: string): void {
  if (!supportedChannelTypes().includes(type)) {
    throw new AppError('channel_type_unsupported', { type });
  }
  if (baseUrl === '' && requiresBaseUrl(type)) throw new AppError('channel_base_url_required');
}

/** The failure an upstream answer represents, or null for a 2xx answer. */
export function answerFailure(answer: UpstreamAnswer): ChannelFailure | null {
  if (answer.status >= 200 && answer.status < 300) return null;
  const error = normalizeUpstreamError(answer.status, answer.text);
  return { status: error.status, message: error.message };
}

/** A thrown error as a channel failure: upstream-shaped when an adaptor raised it. */
export function thrownFailure(error: unknown): ChannelFailure {
  if (error instanceof AdaptorError) return { status: error.error.status, message: error.message };
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

/** Management calls go through the channel's proxy when its settings name one. */
export const proxyOf = (channel: ChannelConfig) => channel.setting.proxy;
