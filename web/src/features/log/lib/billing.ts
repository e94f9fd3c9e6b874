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

const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;

const partialReasons = ['client_gone', 'upstream_cut', 'upstream_error'] as const;

/** Why an answer was partial: `stream_status` of a partial row (older rows: client gone). */
function partialReason(raw: Record<string, unknown>): BillingDetail['partial'] {
  const status = raw.stream_status;
  if (raw.partial !== true && status !== 'client_gone') return undefined;
  return partialReasons.find((r) => r === status) ?? 'upstream_cut';
}

/** Reads a log's `other` text; unreadable text gives an empty detail. */
export function parseBilling(other: string): BillingDetail {
  let raw: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(other || '{}');
    if (value && typeof value === 'object' && !Array.isArray(value)) raw = value as typeof raw;
  } catch {
    // Older or foreign rows: show what the columns say.
  }
  const price = num(raw.model_price);
  const ratio = num(raw.model_ratio);
  const kind =
    price !== undefined && price >= 0 && (ratio ?? 0) === 0
      ? 'fixed'
      : ratio !== undefined
        ? 'ratio'
        : 'none';
  return {
    kind,
    modelRatio: ratio,
    completionRatio: num(raw.completion_ratio),
    cacheRatio: num(raw.cache_ratio),
    cacheWriteRatio: num(raw.cache_creation_ratio),
    imageRatio: num(raw.image_ratio),
    audioRatio: num(raw.audio_ratio),
    audioCompletionRatio: num(raw.audio_completion_ratio),
    groupRatio: num(raw.group_ratio),
    userDiscount: num(raw.user_discount) ?? num(raw.user_group_ratio),
    modelPrice: kind === 'fixed' ? price : undefined,
    formula: str(raw.formula),
    firstByteMs: num(raw.frt),
    upstreamModel: str(raw.upstream_model_name),
    mapped: raw.is_model_mapped === true,
    fallbackFrom: str(raw.fallback_from),
    fallbackGroupFrom: str(raw.fallback_group_from),
    priceTier: str(raw.price_tier),
    sticky: raw.sticky === 'hit' || raw.sticky === 'miss' ? raw.sticky : undefined,
    requestPath: str(raw.request_path),
    reservedQuota: num(raw.reserved_quota),
    refundedQuota: num(raw.refunded_quota),
    errorType: str(raw.error_type),
    errorCode: str(raw.error_code),
    statusCode: num(raw.status_code),
    channels: Array.isArray(raw.use_channel)
      ? raw.use_channel.filter((c) => typeof c === 'number')
      : undefined,
    selfUseFallback: raw.self_use_fallback === true,
    localCount: raw.local_count_tokens === true,
    partial: partialReason(raw),
    raw,
  };
}

/** USD per 1M input and output tokens that a model ratio and completion ratio stand for. */
export function pricePerMillion(modelRatio: number, completionRatio = 1) {
  return { input: modelRatio * 2, output: modelRatio * 2 * completionRatio };
}
