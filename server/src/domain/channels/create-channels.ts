import type { CreateChannelRequest } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { insertChannel } from '../../db/queries/channels.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { checkChannelTarget } from './served-types.js';
import { ChannelType, newChannelRow, singleKey } from './channel-rows.js';

/** The keys of a batch: one per non-empty line, repeats dropped. */
function batchKeys(key: string): string[] {
  return [
    ...new Set(
      key
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Adds channels: one in `single` mode, one per key line in `batch` mode (names optionally
 * suffixed with the key's first characters); all or none. Returns the new ids.
 */
export async function createChannels(
  ctx: AppContext,
  request: CreateChannelRequest,
): Promise<number[]> {
  const { channel } = request;
  checkChannelTarget(ctx, channel.type ?? ChannelType.openai, channel.base_url ?? '');
  const keys = request.mode === 'batch' ? batchKeys(channel.key) : [singleKey(channel.key)];
  if (keys.length === 0) throw new AppError('channel_key_required');
  const now = nowSeconds();
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const created: number[] = [];
    for (const key of keys) {
      const name =
        request.batch_add_set_key_prefix_2_name && keys.length > 1
          ? `${channel.name} ${key.slice(0, 8)}`
          : channel.name;
      created.push(await insertChannel(trx, newChannelRow({ ...channel, name }, key, now)));
    }
    return created;
  });
  await ctx.channels.refresh();
  return ids;
}
