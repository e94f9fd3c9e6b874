import { z } from 'zod';

/** Log type ids of the contract; `0` in a query means every type. */
export const LogType = {
  unknown: 0,
  topup: 1,
  consume: 2,
  manage: 3,
  system: 4,
  error: 5,
  refund: 6,
} as const;

/** A Unix time in seconds; an empty or `0` query value means "not set". */
const timestamp = z.coerce
  .number()
  .int()
  .min(0)
  .optional()
  .transform((v) => v || undefined);

/** A text filter; an empty value means "not set". */
const textFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

const pageFields = {
  /** 1-based page; 0 or missing = 1. */
  p: z.coerce.number<number | string>().int().min(0).default(1),
  /** Rows per page, default 10, at most 100 (aliases `ps`, `size`). */
  page_size: z.coerce.number<number | string>().int().min(1).max(100).optional(),
  ps: z.coerce.number<number | string>().int().min(1).max(100).optional(),
  size: z.coerce.number<number | string>().int().min(1).max(100).optional(),
};

/** Filters every caller may use on logs. */
const selfFilterFields = {
  /** Log type (1-6); 0 or missing = every type. */
  type: z.coerce.number<number | string>().int().min(0).max(6).default(0),
  /** Oldest `created_at` included. */
  start_timestamp: timestamp,
  /** Newest `created_at` included. */
  end_timestamp: timestamp,
  /** Exact key name. */
  token_name: textFilter(64),
  /** Exact model name. */
  model_name: textFilter(128),
  /** Exact group. */
  group: textFilter(64),
  /** Exact request id. */
  request_id: textFilter(64),
};

/** Filters only admins may use. */
const adminFilterFields = {
  ...selfFilterFields,
  /** Exact username. */
  username: textFilter(64),
  /** Channel id. */
  channel: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .transform((v) => v || undefined),
};

type Paged<T> = Omit<T, 'p' | 'page_size' | 'ps' | 'size'> & { page: number; pageSize: number };

function paged<T extends { p: number; page_size?: number; ps?: number; size?: number }>(
  v: T,
): Paged<T> {
  const { p, page_size, ps, size, ...rest } = v;
  return { ...rest, page: Math.max(1, p), pageSize: page_size ?? ps ?? size ?? 10 };
}

/** Filters of `GET /api/log/self/export` and `…/stat` (own logs). */
export const selfLogFilter = z.object(selfFilterFields);
/** Filters of `GET /api/log/export` and `/api/log/stat` (admin). */
export const adminLogFilter = z.object(adminFilterFields);
export type LogFilter = z.output<typeof adminLogFilter>;

/** `GET /api/log/self` query. */
export const selfLogQuery = z.object({ ...selfFilterFields, ...pageFields }).transform(paged);
/** `GET /api/log/` query (admin). */
export const adminLogQuery = z.object({ ...adminFilterFields, ...pageFields }).transform(paged);
export type LogListQuery = z.output<typeof adminLogQuery>;

/** `GET /api/log/self/search` and `/api/log/search`: keyword plus paging. */
export const logSearchQuery = z
  .object({ keyword: z.string().trim().max(128).default(''), ...pageFields })
  .transform(paged);
export type LogSearchQuery = z.output<typeof logSearchQuery>;

/** `GET /api/log/token` (API key): paging and a time range. */
export const tokenLogQuery = z
  .object({ start_timestamp: timestamp, end_timestamp: timestamp, ...pageFields })
  .transform(paged);

/** `DELETE /api/log/`: delete every log created before this time. */
export const deleteLogsQuery = z.object({
  target_timestamp: z.coerce.number<number | string>().int().min(1),
});

const count = z.number().int().min(0);
const ratio = z.number();

/**
 * The billing process of a relay log, stored as its `other` JSON: written by the relay
 * (`relay/steps/log-detail.ts`, as text for speed), read by the console's log detail and the
 * log list's token columns. Every field is optional: rows of other kinds, older rows and
 * imported rows carry fewer.
 */
export const logBilling = z
  .object({
    // Pricing.
    group_ratio: ratio,
    user_discount: ratio,
    /** new-api's name of the user's group ratio (imported rows). */
    user_group_ratio: ratio,
    /** USD per call; -1 for a ratio-priced model. */
    model_price: ratio,
    model_ratio: ratio,
    completion_ratio: ratio,
    cache_ratio: ratio,
    cache_creation_ratio: ratio,
    image_ratio: ratio,
    audio_ratio: ratio,
    audio_completion_ratio: ratio,
    /** Priced by the self-use fallback (no price was set). */
    self_use_fallback: z.boolean(),
    /** The price tier that applied (`prompt ≥ 200000`, `size = 1792x1024`). */
    price_tier: z.string(),
    /** The formula with its numbers (older rows; newer ones keep it in `content` only). */
    formula: z.string(),
    // Tokens.
    text_input: count,
    text_output: count,
    cache_tokens: count,
    cache_creation_tokens: count,
    cache_creation_tokens_1h: count,
    image_tokens: count,
    audio_input: count,
    audio_output: count,
    reasoning_tokens: count,
    /** The completion was counted with the tokenizer (the upstream gave no usage). */
    local_count_tokens: z.boolean(),
    // Routing.
    request_path: z.string(),
    is_model_mapped: z.boolean(),
    upstream_model_name: z.string(),
    /** The model the client asked for, when a fallback model answered. */
    fallback_from: z.string(),
    /** The key's group, when one of its fallback groups served. */
    fallback_group_from: z.string(),
    sticky: z.enum(['hit', 'miss']),
    /** Channels tried, in order (admins only). */
    use_channel: z.array(z.number().int()),
    // Timing and money.
    /** Milliseconds to the first byte. */
    frt: z.number().min(0),
    reserved_quota: count,
    refunded_quota: count,
    // An answer that ended early, or failed.
    partial: z.boolean(),
    stream_status: z.enum(['client_gone', 'upstream_cut', 'upstream_error']),
    error_type: z.string(),
    error_code: z.string(),
    status_code: z.number().int(),
  })
  .partial();
export type LogBilling = z.infer<typeof logBilling>;

/**
 * A log's `other` text as billing detail: the fields of `logBilling` that hold a valid value
 * (others are left out, so one odd field of a foreign row hides nothing else), and `raw`, the
 * whole object for the raw view.
 */
export function readLogBilling(other: string): {
  billing: LogBilling;
  raw: Record<string, unknown>;
} {
  let raw: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(other || '{}');
    if (value && typeof value === 'object' && !Array.isArray(value)) raw = value as typeof raw;
  } catch {
    // Unreadable text: no detail.
  }
  const billing: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(logBilling.shape)) {
    if (!(key in raw)) continue;
    const parsed = field.safeParse(raw[key]);
    if (parsed.success && parsed.data !== undefined) billing[key] = parsed.data;
  }
  return { billing: billing as LogBilling, raw };
}

/** One log line as the console shows it. */
export const logItem = z.object({
  id: z.number().int(),
  created_at: z.number().int(),
  /** 1 top-up, 2 consume, 3 manage, 4 system, 5 error, 6 refund. */
  type: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  token_id: z.number().int(),
  token_name: z.string(),
  model_name: z.string(),
  group: z.string(),
  /** Charged quota (500000 = 1 USD). */
  quota: z.number().int(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  /** Prompt tokens read from a cache (`other.cache_tokens`). */
  cache_tokens: z.number().int(),
  /** Prompt tokens written to a cache (`other.cache_creation_tokens`). */
  cache_write_tokens: z.number().int(),
  /** Image tokens (`other.image_tokens`). */
  image_tokens: z.number().int(),
  /** Audio tokens, input and output (`other.audio_input` + `other.audio_output`). */
  audio_tokens: z.number().int(),
  /** Text tokens (`other.text_input` + `other.text_output`). */
  text_tokens: z.number().int(),
  /** Reasoning tokens (`other.reasoning_tokens`). */
  reasoning_tokens: z.number().int(),
  /** Milliseconds from request to last byte. */
  use_time: z.number().int(),
  /** Milliseconds to the first token (`other.frt`); 0 when unknown. */
  frt: z.number(),
  is_stream: z.boolean(),
  ip: z.string(),
  request_id: z.string(),
  /** Human-readable detail. */
  content: z.string(),
  /** Billing process JSON (ratios, price, formula); admin-only keys removed for users. */
  other: z.string(),
  /** Channel id (admins only). */
  channel: z.number().int().optional(),
  /** Channel name (admins only). */
  channel_name: z.string().optional(),
});
export type LogItem = z.infer<typeof logItem>;

/** `GET /api/log/stat` and `/api/log/self/stat`. */
export const logStat = z.object({
  /** Consumed quota over the filter. */
  quota: z.number().int(),
  /** Consume requests in the last 60 seconds. */
  rpm: z.number().int(),
  /** Prompt + completion tokens in the last 60 seconds. */
  tpm: z.number().int(),
});
export type LogStat = z.infer<typeof logStat>;

/** `GET /api/data/self` and `/api/data/` query. */
export const usageDataQuery = z.object({
  /** Oldest bucket included; default 7 days before the end. */
  start_timestamp: timestamp,
  /** Newest bucket included; default now. */
  end_timestamp: timestamp,
  /** Exact username (admin only). */
  username: textFilter(64),
  /** Bucket size; weeks start on Monday. */
  granularity: z.enum(['hour', 'day', 'week']).default('hour'),
  /** Seconds east of UTC for day and week boundaries (e.g. 28800 for UTC+8). */
  tz_offset: z.coerce
    .number()
    .int()
    .min(-14 * 3600)
    .max(14 * 3600)
    .default(0),
});
export type UsageDataQuery = z.output<typeof usageDataQuery>;

/** One bucket of the usage dashboard. */
export const usageDataRow = z.object({
  model_name: z.string(),
  /** Start of the bucket, Unix seconds. */
  created_at: z.number().int(),
  token_used: z.number().int(),
  count: z.number().int(),
  quota: z.number().int(),
});
export type UsageDataRow = z.infer<typeof usageDataRow>;

/** `GET /api/usage/token/`: the presented API key's balance. */
export const tokenUsage = z.object({
  object: z.literal('token_usage'),
  name: z.string(),
  /** Used + remaining quota. */
  total_granted: z.number().int(),
  total_used: z.number().int(),
  total_available: z.number().int(),
  unlimited_quota: z.boolean(),
  /** Allowed models when the restriction is on. */
  model_limits: z.record(z.string(), z.boolean()),
  model_limits_enabled: z.boolean(),
  /** Unix seconds; 0 = never expires. */
  expires_at: z.number().int(),
});
export type TokenUsage = z.infer<typeof tokenUsage>;
