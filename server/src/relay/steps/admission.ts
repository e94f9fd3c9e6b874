import type { MessageId } from '@gateway/shared';
import type { CachedChannel } from '../../domain/channels/channel-index.js';
import { capacityKeys, secondsToNextMinute } from '../../domain/limits/capacity.js';
import { AppError } from '../../errors.js';
import type { RelayContext } from '../relay-context.js';
import { gateOf } from './gate.js';

/**
 * Admission caps, counted on every instance through the shared state (Redis when several
 * run): a channel's requests in flight and per minute, a key's requests in flight, and a
 * key's and a user's tokens per minute (prompt + completion, added when an answer is billed).
 * Minute windows are calendar minutes, so every instance counts into the same window.
 */

/** A slot left taken by a lost process frees itself after this long. */
const slotTtlSeconds = 600;
/** Minute counters outlive their minute a little, for the console's "used this minute". */
const minuteTtlSeconds = 120;

/** A cap is full: 429 with `Retry-After` in the client's error shape. */
export class CapacityFull extends AppError {
  constructor(
    id: MessageId,
    params: Record<string, string | number>,
    /** Seconds after which a retry may pass. */
    readonly retryAfter: number,
  ) {
    super(id, params, 429);
  }
}

/**
 * The caller's caps, added to the request's gate (checked with the reservation): the key's and
 * the user's tokens this minute, then a slot among the key's requests in flight (given back by
 * `leaveSlots`).
 */
export function checkCallerCaps(rc: RelayContext): void {
  const token = rc.caller.token;
  if (token && token.tpmLimit > 0) {
    const limit = token.tpmLimit;
    gateOf(rc).add(
      { kind: 'below', key: capacityKeys.keyTokens(token.id), limit, seconds: 0 },
      () => minuteFull('token_tpm_limited', limit),
    );
  }
  const userLimit = rc.caller.overrides.tpmLimit;
  if (userLimit > 0) {
    gateOf(rc).add(
      {
        kind: 'below',
        key: capacityKeys.userTokens(rc.caller.userId),
        limit: userLimit,
        seconds: 0,
      },
      () => minuteFull('user_tpm_limited', userLimit),
    );
  }
  if (token && token.maxParallel > 0) {
    const limit = token.maxParallel;
    gateOf(rc).add(
      { kind: 'enter', key: capacityKeys.keyInFlight(token.id), limit, seconds: slotTtlSeconds },
      () => new CapacityFull('token_parallel_limited', { limit }, 1),
    );
  }
}

function minuteFull(id: MessageId, limit: number): CapacityFull {
  const seconds = secondsToNextMinute();
  return new CapacityFull(id, { limit, seconds }, seconds);
}

/** Whether a channel has a cap that admission must check. */
export const hasCaps = (channel: CachedChannel) => channel.maxConcurrency > 0 || channel.maxRpm > 0;

/**
 * Admits a request to a capped channel: a slot among its requests in flight (kept in
 * `rc.heldSlots` until the request ends, or given back by `releaseChannel` when the attempt
 * fails), then one of its requests this minute. Answers 0 when admitted, else the seconds
 * after which the channel may have room again.
 */
export async function admitToChannel(rc: RelayContext, channel: CachedChannel): Promise<number> {
  const { shared } = rc.ctx;
  let slot: string | null = null;
  if (channel.maxConcurrency > 0) {
    slot = capacityKeys.channelInFlight(channel.id);
    if (!(await shared.enter(slot, channel.maxConcurrency, slotTtlSeconds))) return 1;
  }
  if (channel.maxRpm > 0) {
    const minute = capacityKeys.channelMinute(channel.id);
    if (!(await shared.enter(minute, channel.maxRpm, minuteTtlSeconds))) {
      if (slot) await shared.leave(slot).catch(() => undefined);
      return secondsToNextMinute();
    }
  }
  if (slot) rc.heldSlots.push(slot);
  return 0;
}

/** Gives back the in-flight slot of a channel whose attempt failed (before the next one). */
export function releaseChannel(rc: RelayContext, channel: CachedChannel): void {
  if (channel.maxConcurrency <= 0) return;
  const slot = capacityKeys.channelInFlight(channel.id);
  const at = rc.heldSlots.indexOf(slot);
  if (at === -1) return;
  rc.heldSlots.splice(at, 1);
  rc.ctx.shared.leave(slot).catch(() => undefined);
}

/** Every candidate channel was full: 429, retry once the first of them may have room. */
export function channelsFull(rc: RelayContext, seconds: number): CapacityFull {
  return new CapacityFull('channel_capacity_full', { model: rc.request.model, seconds }, seconds);
}

/**
 * Counts a billed answer's tokens into the key's and the user's minute, when they have a
 * tokens-per-minute cap (nothing is counted otherwise).
 */
export function countTokens(rc: RelayContext, tokens: number): void {
  if (tokens <= 0) return;
  const { shared } = rc.ctx;
  const token = rc.caller.token;
  const fail = (err: unknown) => rc.ctx.log.warn({ err }, 'tokens-per-minute count failed');
  if (token && token.tpmLimit > 0) {
    shared.hit(capacityKeys.keyTokens(token.id), minuteTtlSeconds, tokens).catch(fail);
  }
  if (rc.caller.overrides.tpmLimit > 0) {
    shared.hit(capacityKeys.userTokens(rc.caller.userId), minuteTtlSeconds, tokens).catch(fail);
  }
}
