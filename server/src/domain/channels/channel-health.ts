import { ChannelStatus } from '@gateway/shared';
import {
  automaticDisableChannelEnabled,
  automaticDisableKeywords,
  automaticDisableStatusCodes,
} from '../../config/settings/groups/operation.js';
import type { Settings } from '../../config/settings/store.js';
import { statusInRanges } from '../../config/settings/status-ranges.js';
import type { AppContext } from '../../context.js';
import { findChannel, switchChannelStatus, updateChannels } from '../../db/queries/channels.js';
import { nowSeconds } from '../../lib/time.js';
import { notifyRoot } from '../notifications/notify-root.js';
import { errorRateReason, isChannelError } from './error-rates.js';
import type { ChannelFailure } from './upstream-gateway.js';

export type { ChannelFailure } from './upstream-gateway.js';

/** Whether a failure matches the disabling rules: a listed status code or a listed keyword. */
export function matchesDisableRules(settings: Settings, failure: ChannelFailure): boolean {
  if (
    failure.status > 0 &&
    statusInRanges(settings.get(automaticDisableStatusCodes), failure.status)
  ) {
    return true;
  }
  const message = failure.message.toLowerCase();
  return settings
    .get(automaticDisableKeywords)
    .split('\n')
    .map((k) => k.trim().toLowerCase())
    .some((keyword) => keyword !== '' && message.includes(keyword));
}

function withStatusReason(otherInfo: string, reason: string): string {
  let info: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(otherInfo);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      info = parsed as Record<string, unknown>;
    }
  } catch {
    // An unreadable value is replaced.
  }
  return JSON.stringify({ ...info, status_reason: reason, status_time: nowSeconds() });
}

/** Moves a channel from one state to another with a reason, if it is still in `from`. */
async function moveChannel(
  ctx: AppContext,
  id: number,
  from: number,
  to: number,
  reason: string,
): Promise<boolean> {
  const row = await findChannel(ctx.db, id);
  if (!row || row.status !== from) return false;
  const otherInfo = withStatusReason(row.other_info, reason);
  if (!(await switchChannelStatus(ctx.db, id, { from, to, otherInfo }))) return false;
  await ctx.channels.refresh();
  const verb = to === ChannelStatus.enabled ? 'enabled' : 'disabled';
  await notifyRoot(ctx, `Channel "${row.name}" (#${id}) was ${verb} automatically`, reason);
  return true;
}

/** Disables an enabled channel automatically (state 3), records why and notifies root. */
export const disableChannel = (ctx: AppContext, id: number, reason: string) =>
  moveChannel(ctx, id, ChannelStatus.enabled, ChannelStatus.autoDisabled, reason);

/** Re-enables a channel that was disabled automatically (never one disabled by hand). */
export const enableChannel = (ctx: AppContext, id: number, reason: string) =>
  moveChannel(ctx, id, ChannelStatus.autoDisabled, ChannelStatus.enabled, reason);

/**
 * Applies the automatic disabling rules to an upstream failure: only when
 * `AutomaticDisableChannelEnabled` is on and the channel allows it (`auto_ban`), and the status
 * or message matches. Returns whether the channel was disabled.
 */
export async function reportChannelFailure(
  ctx: AppContext,
  channelId: number,
  failure: ChannelFailure,
): Promise<boolean> {
  if (!ctx.settings.get(automaticDisableChannelEnabled)) return false;
  const channel = ctx.channels.get(channelId);
  if (!channel?.autoBan || !matchesDisableRules(ctx.settings, failure)) return false;
  const reason = `status ${failure.status}: ${failure.message}`.slice(0, 500);
  return disableChannel(ctx, channelId, reason);
}

/** Records the outcome figures of a test. */
export const recordChannelTest = (ctx: AppContext, id: number, milliseconds: number) =>
  updateChannels(ctx.db, [id], {
    response_time: Math.round(milliseconds),
    test_time: nowSeconds(),
  });

/**
 * Counts one relay attempt on a channel (its HTTP status; 0 = no answer) in the error-rate
 * window; when failures pass the threshold and automatic disabling applies to the channel, it
 * is taken out of rotation with the figures as the reason (root is told). Cheap: a few
 * additions per request on this instance.
 */
export function recordChannelAttempt(ctx: AppContext, channelId: number, status: number): void {
  const failed = isChannelError(status);
  const verdict = ctx.channelErrors.record(channelId, failed);
  if (!verdict || !ctx.settings.get(automaticDisableChannelEnabled)) return;
  if (!ctx.channels.get(channelId)?.autoBan) return;
  const reason = errorRateReason(verdict);
  ctx.log.warn({ channel: channelId, reason }, 'channel taken out of rotation');
  disableChannel(ctx, channelId, reason).catch((err: unknown) =>
    ctx.log.error({ err }, 'disabling a channel failed'),
  );
}

/** Records a new reason on a channel without changing its state (a failed recovery probe). */
export async function noteChannelStatus(ctx: AppContext, id: number, reason: string) {
  const row = await findChannel(ctx.db, id);
  if (!row) return;
  await updateChannels(ctx.db, [id], { other_info: withStatusReason(row.other_info, reason) });
}

/** When and why a channel last changed state automatically, from its `other_info`. */
export function statusReasonOf(otherInfo: string): { reason: string; time: number } {
  try {
    const info = JSON.parse(otherInfo) as { status_reason?: unknown; status_time?: unknown };
    return {
      reason: typeof info.status_reason === 'string' ? info.status_reason : '',
      time: typeof info.status_time === 'number' ? info.status_time : 0,
    };
  } catch {
    return { reason: '', time: 0 };
  }
}
