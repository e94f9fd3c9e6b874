import type { Generated } from 'kysely';

/** A usage, top-up, management or system log line. */
export interface LogsTable {
  id: Generated<number>;
  user_id: number;
  created_at: number;
  /** 1 top-up, 2 consume, 3 manage, 4 system, 5 error, 6 refund. */
  type: number;
  content: string;
  username: Generated<string>;
  token_id: Generated<number>;
  token_name: Generated<string>;
  model_name: Generated<string>;
  quota: Generated<number>;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  /** Milliseconds from request to last byte. */
  use_time: Generated<number>;
  is_stream: Generated<number>;
  channel_id: Generated<number>;
  group: Generated<string>;
  ip: Generated<string>;
  request_id: Generated<string>;
  /** JSON: billing process (ratios, price, formula), cache/image/audio/reasoning tokens, frt. */
  other: string;
}

/** Hourly usage roll-up per user and model, for the dashboard. */
export interface QuotaDataTable {
  id: Generated<number>;
  user_id: number;
  username: Generated<string>;
  model_name: string;
  /** Start of the hour, Unix seconds. */
  created_at: number;
  token_used: Generated<number>;
  count: Generated<number>;
  quota: Generated<number>;
}
