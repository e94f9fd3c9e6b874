import {
  channelErrorRateMinRequests,
  channelErrorRateThreshold,
  channelErrorRateWindowSeconds,
} from '../../config/settings/groups/operation.js';
import type { Settings } from '../../config/settings/store.js';

/** Buckets a window is divided into: the window slides one bucket at a time. */
const buckets = 6;

interface Slot {
  /** Which bucket period the counts belong to. */
  period: number;
  requests: number;
  failures: number;
}

/** A channel whose error rate crossed the threshold, with the figures that did it. */
export interface ErrorRateVerdict {
  failures: number;
  requests: number;
  windowSeconds: number;
}

/**
 * Each channel's recent requests and failures on this instance, in a sliding window of six
 * buckets (`ChannelErrorRateWindowSeconds`). The relay records every attempt (a few integer
 * additions); when failures reach `ChannelErrorRateThreshold` of at least
 * `ChannelErrorRateMinRequests` requests, `record` returns the verdict once and starts the
 * channel's window afresh. The caller takes the channel out of rotation; it comes back after
 * a cool-down when a probe passes (`recover-channels.ts`).
 */
export class ChannelErrorRates {
  private readonly slots = new Map<number, Slot[]>();

  constructor(private readonly settings: Settings) {}

  /** Counts one attempt on a channel; returns a verdict when this failure tipped it over. */
  record(channelId: number, failed: boolean, now = Date.now()): ErrorRateVerdict | null {
    const threshold = this.settings.get(channelErrorRateThreshold);
    if (threshold <= 0) return null;
    const windowSeconds = Math.max(1, this.settings.get(channelErrorRateWindowSeconds));
    const bucketMs = (windowSeconds * 1000) / buckets;
    const period = Math.floor(now / bucketMs);
    let slots = this.slots.get(channelId);
    if (!slots) {
      slots = Array.from({ length: buckets }, () => ({ period: -1, requests: 0, failures: 0 }));
      this.slots.set(channelId, slots);
    }
    const slot = slots[period % buckets]!;
    if (slot.period !== period) Object.assign(slot, { period, requests: 0, failures: 0 });
    slot.requests++;
    if (!failed) return null;
    slot.failures++;
    let requests = 0;
    let failures = 0;
    for (const s of slots) {
      if (s.period > period - buckets) {
        requests += s.requests;
        failures += s.failures;
      }
    }
    if (requests < this.settings.get(channelErrorRateMinRequests)) return null;
    if (failures / requests < threshold) return null;
    this.slots.delete(channelId);
    return { failures, requests, windowSeconds };
  }

  /** Forgets a channel's counts (it was re-enabled, edited or deleted). */
  forget(channelId: number): void {
    this.slots.delete(channelId);
  }
}

/** What counts as the channel's failure: no answer, 5xx, 429, 401 and 403 (not a bad request). */
export const isChannelError = (status: number): boolean =>
  status === 0 || status >= 500 || status === 429 || status === 401 || status === 403;

/** The reason recorded on a channel taken out for its error rate (the recovery job reads it). */
export const errorRateReasonPrefix = 'error rate';

export const errorRateReason = (v: ErrorRateVerdict): string =>
  `${errorRateReasonPrefix} ${Math.round((v.failures / v.requests) * 100)}% ` +
  `(${v.failures} of ${v.requests} requests in ${v.windowSeconds} s)`;
