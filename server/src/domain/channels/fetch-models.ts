import type { AppContext } from '../../context.js';
import { findChannel } from '../../db/queries/channels.js';
import { AppError } from '../../errors.js';
import type { ChannelConfig } from '../../relay/adaptors/adaptor.js';
import { toCachedChannel } from '../../relay/select-channel.js';
import {
  answerFailure,
  channelAdaptor,
  proxyOf,
  thrownFailure,
  upstreamTimeoutMs,
} from './channel-adaptor.js';
import { callUpstream } from './upstream-call.js';

/**
 * The models an upstream key can use, as the upstream lists them (sorted, unique).
 * `channel_models_unsupported` for types that cannot list them.
 */
export async function fetchUpstreamModels(type: number, channel: ChannelConfig): Promise<string[]> {
  const capability = channelAdaptor(type).listModels;
  if (!capability) throw new AppError('channel_models_unsupported');
  try {
    const answer = await callUpstream(capability.request(channel), {
      timeoutMs: upstreamTimeoutMs,
      proxy: proxyOf(channel),
    });
    const failure = answerFailure(answer);
    if (failure) throw new AppError('channel_upstream_failed', { ...failure });
    return [...new Set(capability.parse(answer.json))].sort();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('channel_upstream_failed', { ...thrownFailure(error) });
  }
}

/** The upstream models of a saved channel. */
export async function fetchChannelModels(ctx: AppContext, id: number): Promise<string[]> {
  const row = await findChannel(ctx.db, id);
  if (!row) throw new AppError('channel_not_found');
  return fetchUpstreamModels(row.type, toCachedChannel(row));
}
