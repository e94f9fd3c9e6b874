import type { CapacityUse } from '@gateway/shared';
import type { BaseContext } from '../../base-context.js';

/**
 * Where the admission caps count, in the shared state (Redis when several instances run):
 * requests in flight, and per-minute counters keyed by the calendar minute so that every
 * instance counts into the same window. The relay's admission step writes them; the console's
 * capacity views read them.
 */

/** The calendar minute of a time in milliseconds. */
const minuteOf = (ms: number) => Math.floor(ms / 60_000);

/** Whole seconds until the current minute window ends, at least 1. */
export const secondsToNextMinute = (ms = Date.now()) =>
  Math.max(1, Math.ceil((60_000 - (ms % 60_000)) / 1000));

/** Shared-state keys of the caps. */
export const capacityKeys = {
  channelInFlight: (id: number) => `cap:ch-inflight:${id}`,
  channelMinute: (id: number, ms = Date.now()) => `cap:ch-rpm:${id}:${minuteOf(ms)}`,
  keyInFlight: (id: number) => `cap:key-inflight:${id}`,
  keyTokens: (id: number, ms = Date.now()) => `cap:key-tpm:${id}:${minuteOf(ms)}`,
  userTokens: (id: number, ms = Date.now()) => `cap:user-tpm:${id}:${minuteOf(ms)}`,
};

/** A counter's value; 0 when absent. */
export async function counterValue(ctx: Pick<BaseContext, 'shared'>, key: string) {
  return Number((await ctx.shared.get(key)) ?? 0);
}

/** What a channel uses of its caps now: requests in flight and requests this minute. */
export async function channelUse(
  ctx: Pick<BaseContext, 'shared'>,
  id: number,
): Promise<CapacityUse> {
  const [inFlight, minute] = await Promise.all([
    counterValue(ctx, capacityKeys.channelInFlight(id)),
    counterValue(ctx, capacityKeys.channelMinute(id)),
  ]);
  return { in_flight: inFlight, this_minute: minute };
}

/** What a key uses of its caps now: requests in flight and tokens this minute. */
export async function keyUse(ctx: Pick<BaseContext, 'shared'>, id: number): Promise<CapacityUse> {
  const [inFlight, minute] = await Promise.all([
    counterValue(ctx, capacityKeys.keyInFlight(id)),
    counterValue(ctx, capacityKeys.keyTokens(id)),
  ]);
  return { in_flight: inFlight, this_minute: minute };
}

/** The use of each of `ids` (at most a page), by id. */
export async function useById(
  ids: readonly number[],
  read: (id: number) => Promise<CapacityUse>,
): Promise<Record<string, CapacityUse>> {
  const uses = await Promise.all(ids.map(read));
  return Object.fromEntries(ids.map((id, i) => [String(id), uses[i]!]));
}
