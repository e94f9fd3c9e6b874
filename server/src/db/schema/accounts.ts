import type { Generated } from 'kysely';

/** A console account. Quotas are integers, 500000 = 1 USD. Booleans are stored as 0/1. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** argon2id (or imported bcrypt) hash; empty for accounts made by OAuth only. */
  password_hash: Generated<string>;
  display_name: Generated<string>;
  /** 1 user, 5 agent, 8 finance, 10 admin, 100 root. */
  role: Generated<number>;
  /** 1 enabled, 2 banned, 3 closed out (deregistered, irreversible). */
  status: Generated<number>;
  email: Generated<string | null>;
  github_id: Generated<string | null>;
  linuxdo_id: Generated<string | null>;
  wechat_id: Generated<string | null>;
  wxpusher_uid: Generated<string | null>;
  /** Personal access token for the console API (`Authorization: <token>`). */
  access_token: Generated<string | null>;
  /** Remaining balance. */
  quota: Generated<number>;
  used_quota: Generated<number>;
  /** Accumulated recharge: quota from paid top-ups and redeemed codes (levels use it). */
  topup_quota: Generated<number>;
  /** The user's level (`levels.name`). */
  level: Generated<string>;
  /** Most requests of this user in flight at once; 0 = no own cap. */
  concurrency_limit: Generated<number>;
  /** Prompt + completion tokens per minute over all keys, counted at settlement; 0 = no cap. */
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
  /** A discount of this user on top of the level's (1 = none). */
  extra_discount: Generated<number>;
  /** JSON `{model: multiplier}`: this user's own discount per model (replaces the level's). */
  model_discounts: Generated<string>;
  request_count: Generated<number>;
  group: Generated<string>;
  /** This user's own invitation code. */
  aff_code: Generated<string | null>;
  /** Invitation code entered at registration. */
  inviter_code: Generated<string>;
  inviter_id: Generated<number>;
  aff_count: Generated<number>;
  aff_quota: Generated<number>;
  aff_history_quota: Generated<number>;
  /** Preferred interface language (en, zh, ru, ko, ja, es, de) or empty. */
  language: Generated<string>;
  /** User-owned settings as JSON (notifications, record IP ...). */
  setting: Generated<string>;
  /** Admin-only note. */
  remark: Generated<string>;
  created_at: Generated<number>;
  last_login_at: Generated<number>;
}

/** A server-side console session; the cookie holds `id`. */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

/** Runtime settings as key/value strings. */
export interface OptionsTable {
  key: string;
  value: string;
}

/** The first-run record: one row (id 1) written in the same transaction as the root user. */
export interface SetupsTable {
  id: number;
  root_user_id: number;
  initialized_at: number;
}
