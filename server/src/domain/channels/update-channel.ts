import type { ChannelItem, UpdateChannelRequest } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { findChannel, updateChannels } from '../../db/queries/channels.js';
import { AppError } from '../../errors.js';
import { checkChannelTarget } from './served-types.js';
import { changedChannelColumns, toChannelItem } from './channel-rows.js';

/** Edits a channel (an empty key keeps the stored one) and rebuilds the routing index. */
export async function updateChannel(
  ctx: AppContext,
  input: UpdateChannelRequest,
): Promise<ChannelItem> {
  const stored = await findChannel(ctx.db, input.id);
  if (!stored) throw new AppError('channel_not_found');
  if (input.type !== undefined || input.base_url !== undefined) {
    checkChannelTarget(ctx, input.type ?? stored.type, input.base_url ?? stored.base_url);
  }
  await updateChannels(ctx.db, [input.id], changedChannelColumns(stored, input));
  await ctx.channels.refresh();
  const updated = await findChannel(ctx.db, input.id);
  if (!updated) throw new AppError('channel_not_found');
  return toChannelItem(updated);
}
