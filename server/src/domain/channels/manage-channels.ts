import { ChannelStatus } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import {
  deleteChannels,
  deleteDisabledChannels,
  findChannel,
  insertChannel,
  setStatusByTag,
  updateChannels,
} from '../../db/queries/channels.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';

/** Runs a change, then rebuilds the routing index on every instance; returns the change's result. */
async function thenRefresh<T>(ctx: AppContext, change: Promise<T>): Promise<T> {
  const result = await change;
  await ctx.channels.refresh();
  return result;
}

/** Deletes channels; returns how many existed. */
export const removeChannels = (ctx: AppContext, ids: readonly number[]) =>
  thenRefresh(ctx, deleteChannels(ctx.db, ids));

/** Deletes every disabled channel (by hand or automatically); returns how many. */
export const removeDisabledChannels = (ctx: AppContext) =>
  thenRefresh(ctx, deleteDisabledChannels(ctx.db));

/** Sets one tag on many channels; returns how many exist. */
export const tagChannels = (ctx: AppContext, ids: readonly number[], tag: string) =>
  thenRefresh(ctx, updateChannels(ctx.db, ids, { tag }));

/** Enables or disables (by hand) every channel with a tag; returns how many changed. */
export const setTagEnabled = (ctx: AppContext, tag: string, enabled: boolean) =>
  thenRefresh(
    ctx,
    setStatusByTag(ctx.db, tag, enabled ? ChannelStatus.enabled : ChannelStatus.manuallyDisabled),
  );

/**
 * Duplicates a channel under the name + `suffix`, with fresh usage, balance and test figures;
 * returns the new id.
 */
export async function copyChannel(ctx: AppContext, id: number, suffix: string): Promise<number> {
  const stored = await findChannel(ctx.db, id);
  if (!stored) throw new AppError('channel_not_found');
  const { id: _id, ...fields } = stored;
  const copyId = await insertChannel(ctx.db, {
    ...fields,
    name: `${stored.name}${suffix}`.slice(0, 128),
    created_time: nowSeconds(),
    test_time: 0,
    response_time: 0,
    balance: 0,
    balance_updated_time: 0,
    used_quota: 0,
    other_info: '{}',
  });
  await ctx.channels.refresh();
  return copyId;
}
