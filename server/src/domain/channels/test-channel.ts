import { ChannelStatus } from '@gateway/shared';
import {
  automaticDisableChannelEnabled,
  automaticEnableChannelEnabled,
  channelDisableThreshold,
} from '../../config/settings/groups/operation.js';
import type { AppContext } from '../../context.js';
import { findChannel } from '../../db/queries/channels.js';
import { AppError } from '../../errors.js';
import { toCachedChannel, type CachedChannel } from './channel-index.js';
import { upstreamTimeoutMs } from './upstream-gateway.js';
import {
  disableChannel,
  enableChannel,
  recordChannelTest,
  reportChannelFailure,
} from './channel-health.js';
import { recordChannelTestLog, type LogOwner } from './channel-test-log.js';

/** The outcome of one channel test. */
export interface ChannelTestOutcome {
  success: boolean;
  /** Seconds the test request took. */
  time: number;
  /** Why the test failed. */
  error?: AppError;
}

/** Disables a slow channel when the rules allow; returns the error to report. */
async function judgeSpeed(
  ctx: AppContext,
  channel: CachedChannel,
  seconds: number,
): Promise<AppError | undefined> {
  const threshold = ctx.settings.get(channelDisableThreshold);
  if (threshold <= 0 || seconds <= threshold) return undefined;
  const error = new AppError('channel_test_slow', { time: seconds.toFixed(2), threshold });
  if (ctx.settings.get(automaticDisableChannelEnabled) && channel.autoBan) {
    await disableChannel(ctx, channel.id, error.message);
  }
  return error;
}

/**
 * Tests a channel with a tiny chat request (`model`, else its test model, else its first
 * model); records the time, disables it on a failure or a slow answer per the rules, and
 * re-enables an automatically disabled channel that passes when `AutomaticEnableChannelEnabled`.
 * One test per channel at a time (`channel_test_running`). A passing answer is recorded as a
 * consume log row of `by` (root when absent), never charged.
 */
export async function testChannel(
  ctx: AppContext,
  id: number,
  model = '',
  by?: LogOwner,
): Promise<ChannelTestOutcome> {
  const lock = `channel-test:${id}`;
  if (!(await ctx.shared.setIfAbsent(lock, '1', upstreamTimeoutMs / 1000 + 30))) {
    throw new AppError('channel_test_running');
  }
  try {
    const row = await findChannel(ctx.db, id);
    if (!row) throw new AppError('channel_not_found');
    const channel = toCachedChannel(row);
    const testModel = model || row.test_model || channel.models[0];
    if (!testModel) throw new AppError('model_required');
    const started = performance.now();
    const { failure, usage } = await ctx.upstream.probe(channel, testModel);
    const milliseconds = performance.now() - started;
    const time = Math.round(milliseconds) / 1000;
    await recordChannelTest(ctx, id, milliseconds);
    if (failure) {
      await reportChannelFailure(ctx, id, failure);
      const error = new AppError('channel_upstream_failed', { ...failure });
      return { success: false, time, error };
    }
    await recordChannelTestLog(ctx, { channelId: id, model: testModel, milliseconds, usage, by });
    const slow = await judgeSpeed(ctx, channel, milliseconds / 1000);
    if (slow) return { success: false, time, error: slow };
    if (
      row.status === ChannelStatus.autoDisabled &&
      ctx.settings.get(automaticEnableChannelEnabled)
    ) {
      await enableChannel(ctx, id, `test passed in ${time}s`);
    }
    return { success: true, time };
  } finally {
    await ctx.shared.del(lock);
  }
}
