import type { ChannelFailure } from '../../domain/channels/upstream-gateway.js';

export { upstreamTimeoutMs } from '../../domain/channels/upstream-gateway.js';
import type { Adaptor, ChannelConfig } from '../adaptors/adaptor.js';
import { AdaptorError } from '../adaptors/errors/adaptor-error.js';
import { normalizeUpstreamError } from '../adaptors/errors/upstream-error.js';
import { adaptorFor } from '../adaptors/registry.js';
import { AppError } from '../../errors.js';
import type { UpstreamAnswer } from './upstream-call.js';

/** The adaptor of a channel type; `channel_type_unsupported` when the relay has none. */
export function channelAdaptor(type: number): Adaptor {
  const adaptor = adaptorFor(type);
  if (!adaptor) throw new AppError('channel_type_unsupported', { type });
  return adaptor;
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
