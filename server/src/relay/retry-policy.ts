import { automaticRetryStatusCodes } from '../config/settings/groups/operation.js';
import type { Settings } from '../config/settings/store.js';
import { statusInRanges } from '../config/settings/status-ranges.js';

/** What else about a failure decides whether to retry it. */
export interface FailureTraits {
  /** The failure is the client's or the account's (bad request, quota ...): no other channel helps. */
  skipRetry?: boolean;
  /** The upstream's error code; `bad_response_body` is never retried. */
  code?: string | number | null;
}

/**
 * Whether a failed attempt may be retried on another channel (contract 4.3). `status` 0 means
 * the channel itself failed (no answer, no usable key), which is always retried. The caller
 * also stops when the channel was pinned or `RetryTimes` is used up.
 */
export function shouldRetry(
  status: number,
  settings: Settings,
  traits: FailureTraits = {},
): boolean {
  if (traits.skipRetry) return false;
  if (status === 0) return true;
  if (status >= 200 && status < 300) return false;
  if (traits.code === 'bad_response_body') return false;
  if (status === 504 || status === 524) return false;
  return statusInRanges(settings.get(automaticRetryStatusCodes), status);
}
