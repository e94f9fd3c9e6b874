import { readLogBilling, type LogBilling } from '@gateway/shared';

/** The billing process stored in a log's `other` JSON (ratios, price, formula, routing). */
export interface BillingDetail {
  kind: 'ratio' | 'fixed' | 'none';
  modelRatio?: number;
  completionRatio?: number;
  cacheRatio?: number;
  cacheWriteRatio?: number;
  imageRatio?: number;
  audioRatio?: number;
  audioCompletionRatio?: number;
  groupRatio?: number;
  userDiscount?: number;
  /** USD per call of a fixed-price model. */
  modelPrice?: number;
  /** The server's formula with its numbers. */
  formula?: string;
  /** Milliseconds to the first byte. */
  firstByteMs?: number;
  upstreamModel?: string;
  mapped: boolean;
  /** The model the client asked for, when a fallback model answered. */
  fallbackFrom?: string;
  /** The key's group, when one of its fallback groups served. */
  fallbackGroupFrom?: string;
  /** The price tier that applied (`prompt ≥ 200000`, `size = 1792x1024`). */
  priceTier?: string;
  /** Sticky routing: the conversation's remembered channel served it (hit) or not (miss). */
  sticky?: 'hit' | 'miss';
  requestPath?: string;
  reservedQuota?: number;
  refundedQuota?: number;
  errorType?: string;
  errorCode?: string;
  statusCode?: number;
  /** Channels tried, in order (admins only). */
  channels?: number[];
  selfUseFallback: boolean;
  localCount: boolean;
  /** Why the answer ended before it was whole (it was billed for what was delivered). */
  partial?: 'client_gone' | 'upstream_cut' | 'upstream_error';
  /** Everything, for the raw view. */
  raw: Record<string, unknown>;
}

/** Why an answer was partial: `stream_status` of a partial row (older rows: client gone). */
function partialReason(b: LogBilling): BillingDetail['partial'] {
  if (b.partial !== true && b.stream_status !== 'client_gone') return undefined;
  return b.stream_status ?? 'upstream_cut';
}

/** A text field, or undefined when empty. */
const nonEmpty = (value: string | undefined) => (value === '' ? undefined : value);

/** Reads a log's `other` text (the shared `logBilling` schema); unreadable text gives an empty detail. */
export function parseBilling(other: string): BillingDetail {
  const { billing: b, raw } = readLogBilling(other);
  const price = b.model_price;
  const ratio = b.model_ratio;
  const kind =
    price !== undefined && price >= 0 && (ratio ?? 0) === 0
      ? 'fixed'
      : ratio !== undefined
        ? 'ratio'
        : 'none';
  return {
    kind,
    modelRatio: ratio,
    completionRatio: b.completion_ratio,
    cacheRatio: b.cache_ratio,
    cacheWriteRatio: b.cache_creation_ratio,
    imageRatio: b.image_ratio,
    audioRatio: b.audio_ratio,
    audioCompletionRatio: b.audio_completion_ratio,
    groupRatio: b.group_ratio,
    userDiscount: b.user_discount ?? b.user_group_ratio,
    modelPrice: kind === 'fixed' ? price : undefined,
    formula: nonEmpty(b.formula),
    firstByteMs: b.frt,
    upstreamModel: nonEmpty(b.upstream_model_name),
    mapped: b.is_model_mapped === true,
    fallbackFrom: nonEmpty(b.fallback_from),
    fallbackGroupFrom: nonEmpty(b.fallback_group_from),
    priceTier: nonEmpty(b.price_tier),
    sticky: b.sticky,
    requestPath: nonEmpty(b.request_path),
    reservedQuota: b.reserved_quota,
    refundedQuota: b.refunded_quota,
    errorType: nonEmpty(b.error_type),
    errorCode: nonEmpty(b.error_code),
    statusCode: b.status_code,
    channels: b.use_channel,
    selfUseFallback: b.self_use_fallback === true,
    localCount: b.local_count_tokens === true,
    partial: partialReason(b),
    raw,
  };
}

/** USD per 1M input and output tokens that a model ratio and completion ratio stand for. */
export function pricePerMillion(modelRatio: number, completionRatio = 1) {
  return { input: modelRatio * 2, output: modelRatio * 2 * completionRatio };
}
