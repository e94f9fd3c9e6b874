import type { Generated } from 'kysely';

/** An API key (`sk-` + key). Quotas are integers, 500000 = 1 USD. */
export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  /** 48 characters, stored without the `sk-` prefix. */
  key: string;
  name: Generated<string>;
  /** 1 enabled, 2 disabled, 3 expired, 4 exhausted. */
  status: Generated<number>;
  created_time: Generated<number>;
  accessed_time: Generated<number>;
  /** Unix seconds, -1 = never. */
  expired_time: Generated<number>;
  remain_quota: Generated<number>;
  used_quota: Generated<number>;
  unlimited_quota: Generated<number>;
  model_limits_enabled: Generated<number>;
  /** Comma-separated model names. */
  model_limits: string;
  /** One IP or CIDR per line. */
  allow_ips: string;
  /** One IP or CIDR per line. */
  deny_ips: string;
  /** Empty = the user's group. */
  group: Generated<string>;
  /** Requests allowed per window; 0 = no limit. */
  rate_limit_count: Generated<number>;
  rate_limit_window_seconds: Generated<number>;
  rate_limit_message: Generated<string>;
  /** Midjourney settings JSON: mode, image proxy, backup pool. */
  mj_setting: Generated<string>;
  /** Requests of this key in flight at once; 0 = no cap. */
  max_parallel: Generated<number>;
  /** Comma-separated groups tried in order after the key's own group; empty = none. */
  fallback_groups: Generated<string>;
  /** Prompt + completion tokens per minute, counted at settlement; 0 = no cap. */
  tpm_limit: Generated<number>;
  /** Budget period: `day`, `week`, `month`; '' = no budget. */
  budget_period: Generated<string>;
  /** Quota the budget allows per period. */
  budget_quota: Generated<number>;
  /** Quota used in the period that starts at `budget_start`. */
  budget_used: Generated<number>;
  /** Unix seconds: start of the period `budget_used` counts. */
  budget_start: Generated<number>;
  /** Start of the period whose threshold alert was sent. */
  budget_alerted: Generated<number>;
  /** Moves with every change of the row's balances or budget count (orders Redis mirrors). */
  money_ver: Generated<number>;
  deleted_at: Generated<number | null>;
}

/** An upstream channel. */
export interface ChannelsTable {
  id: Generated<number>;
  type: Generated<number>;
  key: string;
  /** 0 untested, 1 enabled, 2 manually disabled, 3 auto-disabled. */
  status: Generated<number>;
  name: Generated<string>;
  weight: Generated<number>;
  priority: Generated<number>;
  created_time: Generated<number>;
  test_time: Generated<number>;
  /** Last test latency in milliseconds. */
  response_time: Generated<number>;
  base_url: Generated<string>;
  /** Type-specific value: Azure API version, ... */
  other: Generated<string>;
  /** Upstream balance in USD, as fetched. */
  balance: Generated<number>;
  balance_updated_time: Generated<number>;
  /** Comma-separated model names. */
  models: string;
  /** Comma-separated group names. */
  group: Generated<string>;
  used_quota: Generated<number>;
  /** JSON `{"requested": "upstream"}`. */
  model_mapping: string;
  status_code_mapping: Generated<string>;
  auto_ban: Generated<number>;
  /** JSON: status_reason, status_time. */
  other_info: Generated<string>;
  tag: Generated<string>;
  /** Extra settings JSON (proxy, headers ...). */
  setting: string;
  test_model: Generated<string>;
  remark: Generated<string>;
  /** Requests to this channel in flight at once, on every instance; 0 = no cap. */
  max_concurrency: Generated<number>;
  /** Requests to this channel per minute, on every instance; 0 = no cap. */
  max_rpm: Generated<number>;
}

/** Quota held for an in-flight relay request; reconciled at start after a crash. */
export interface ReservationsTable {
  /** The request id. */
  id: string;
  user_id: number;
  /** 0 when the request is not made with a key (playground). */
  token_id: Generated<number>;
  quota: number;
  /** Whether the key's own balance was also reduced. */
  token_limited: Generated<number>;
  created_at: number;
  /** The process that made it; a restart refunds only reservations of dead processes. */
  instance_id: Generated<string>;
}
