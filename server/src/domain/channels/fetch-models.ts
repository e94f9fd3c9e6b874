import type { AppContext } from '../../context.js';
import { findChannel } from '../../db/queries/channels.js';
import { AppError } from '../../errors.js';
import { toCachedChannel } from './channel-index.js';
import type { ChannelConfig } from './upstream-gateway.js';

/**
 * The models an upstream key can use, as the upstream lists them (sorted, unique).
 * `channel_models_unsupported` for types that cannot list them.
 */
export const fetchUpstreamModels = (
  ctx: AppContext,
  type: number,
  channel: ChannelConfig,
): Promise<string[]> => ctx.upstream.listModels(type, channel);

/** The upstream models of a saved channel. */
export async function fetchChannelModels(ctx: AppContext, id: number): Promise<string[]> {
  const row = await findChannel(ctx.db, id);
  if (!row) throw new AppError('channel_not_found');
  return ctx.upstream.listModels(row.type, toCachedChannel(row));
}
