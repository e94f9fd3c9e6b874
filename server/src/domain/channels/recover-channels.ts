import { ChannelStatus } from '@gateway/shared';
import { channelRecoverySeconds } from '../../config/settings/groups/operation.js';
import type { AppContext } from '../../context.js';
import { listChannelsInState } from '../../db/queries/channels.js';
import { nowSeconds } from '../../lib/time.js';
import { toCachedChannel } from './channel-index.js';
import { enableChannel, noteChannelStatus, statusReasonOf } from './channel-health.js';
import { errorRateReasonPrefix } from './error-rates.js';

/**
 * The half-open step of channel health: each channel taken out for its error rate whose
 * cool-down (`ChannelRecoverySeconds`) has passed is probed once; a passing probe puts it back
 * in rotation, a failing one starts the cool-down again. Both are recorded with their reason.
 */
export async function recoverChannels(ctx: AppContext, signal?: AbortSignal): Promise<void> {
  const now = nowSeconds();
  const coolDown = ctx.settings.get(channelRecoverySeconds);
  for (const row of await listChannelsInState(ctx.db, ChannelStatus.autoDisabled)) {
    if (signal?.aborted) return;
    const { reason, time } = statusReasonOf(row.other_info);
    if (!reason.startsWith(errorRateReasonPrefix) || time + coolDown > now) continue;
    const channel = toCachedChannel(row);
    const model = row.test_model || channel.models[0] || '';
    const { failure } = await ctx.upstream.probe(channel, model);
    if (!failure) {
      ctx.channelErrors.forget(row.id);
      await enableChannel(ctx, row.id, 'a probe passed after the cool-down');
      continue;
    }
    await noteChannelStatus(
      ctx,
      row.id,
      `${errorRateReasonPrefix}: the probe after the cool-down failed (status ${failure.status}: ${failure.message})`.slice(
        0,
        500,
      ),
    );
  }
}
