import type { CachedChannel } from '../../domain/channels/channel-index.js';
import type { RelayContext } from '../relay-context.js';
import { admitToChannel, hasCaps } from './admission.js';

/**
 * The choice of a channel for one attempt, for the relay and the task platforms alike: the
 * pinned channel, else one the channel index selects for the request's group and model, never
 * one already tried, and (for a channel with caps) only one that admits the request now.
 */

/**
 * What serves the request on a channel (the relay: the channel type's adaptor; a task
 * platform: the platform itself), or undefined when that channel cannot serve it.
 */
export type Fit<T> = (channel: CachedChannel) => T | undefined;

/** A channel picked for an attempt, and what serves the request there. */
export type Picked<T> = [CachedChannel, T];

/** Channels found full during this request, and the soonest one of them may have room. */
export interface FullChannels {
  ids: Set<number>;
  retryAfter: number;
}

/** The channel picked for an attempt (null: none left), and the channels found full. */
export interface Admitted<T> {
  picked: Picked<T> | null;
  full: FullChannels | null;
}

/**
 * The channel of attempt `index`: the pinned one, else one the index selects, never a tried
 * one nor one in `skip` (channels found full). A channel that cannot serve the request is
 * passed over without using up an attempt.
 */
function pickChannel<T>(
  rc: RelayContext,
  fit: Fit<T>,
  index: number,
  skip: ReadonlySet<number> | null,
): Picked<T> | null {
  const { ctx, caller, request } = rc;
  if (caller.pinnedChannelId !== null) {
    const pinned = ctx.channels.get(caller.pinnedChannelId);
    if (!pinned || rc.tried.has(pinned.id) || skip?.has(pinned.id)) return null;
    const serving = fit(pinned);
    return serving === undefined ? null : [pinned, serving];
  }
  let exclude: ReadonlySet<number> = skip ?? rc.tried;
  for (;;) {
    const channel = ctx.channels.select({
      group: rc.usingGroup,
      model: request.model,
      exclude,
      attempt: index,
    });
    if (!channel) return null;
    const serving = fit(channel);
    if (serving !== undefined) return [channel, serving];
    exclude = new Set([...exclude, channel.id]);
  }
}

/** `pickChannel` past the channels known to be full. */
const pickPastFull = <T>(
  rc: RelayContext,
  fit: Fit<T>,
  index: number,
  full: FullChannels | null,
): Picked<T> | null => pickChannel(rc, fit, index, full && new Set([...rc.tried, ...full.ids]));

/**
 * A channel for attempt `index` that admits the request: a capped channel that is full is
 * skipped without using up an attempt (and remembered in `full`). `preferred` (a
 * conversation's channel) goes first on the first attempt. Answers without a promise when
 * nothing needs admitting: no preferred channel, and the channel picked has no caps.
 */
export function pickAdmitted<T>(
  rc: RelayContext,
  fit: Fit<T>,
  index: number,
  full: FullChannels | null,
  preferred: CachedChannel | null = null,
): Admitted<T> | Promise<Admitted<T>> {
  if (preferred && index === 0) return admitPicked(rc, fit, index, full, preferred, null);
  const picked = pickPastFull(rc, fit, index, full);
  if (!picked || !hasCaps(picked[0])) return { picked, full };
  return admitPicked(rc, fit, index, full, null, picked);
}

/** Notes a channel found full, and when it may have room. */
function noteFull(full: FullChannels | null, id: number, wait: number): FullChannels {
  const noted = full ?? { ids: new Set(), retryAfter: wait };
  noted.ids.add(id);
  noted.retryAfter = Math.min(noted.retryAfter, wait);
  return noted;
}

/** `pickAdmitted` once a channel has caps to check (`first`: the one picked already). */
async function admitPicked<T>(
  rc: RelayContext,
  fit: Fit<T>,
  index: number,
  full: FullChannels | null,
  preferred: CachedChannel | null,
  first: Picked<T> | null,
): Promise<Admitted<T>> {
  // The conversation's channel goes first, when it may serve the request and has room.
  const serving = preferred ? fit(preferred) : undefined;
  if (preferred && serving !== undefined) {
    const wait = hasCaps(preferred) ? await admitToChannel(rc, preferred) : 0;
    if (wait === 0) return { picked: [preferred, serving], full };
    full = noteFull(full, preferred.id, wait);
  }
  for (let next = first; ; next = null) {
    const picked = next ?? pickPastFull(rc, fit, index, full);
    if (!picked || !hasCaps(picked[0])) return { picked, full };
    const wait = await admitToChannel(rc, picked[0]);
    if (wait === 0) return { picked, full };
    full = noteFull(full, picked[0].id, wait);
  }
}
