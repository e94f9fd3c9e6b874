import type { Generated } from 'kysely';

/** One daily check-in: the day (`YYYY-MM-DD`, server time) and the quota it gave. */
export interface CheckinsTable {
  id: Generated<number>;
  user_id: number;
  checkin_date: string;
  quota: number;
  created_at: number;
}

/** A user level; the JSON columns hold model → number maps and a group list. */
export interface LevelsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  priority: Generated<number>;
  group_discount: Generated<number>;
  extra_discount: Generated<number>;
  groups: string;
  model_request_limits: string;
  model_concurrency_limits: string;
  rate_limit: Generated<number>;
  model_prices: string;
  benefits: string;
  auto_upgrade: Generated<number>;
  required_days: Generated<number>;
  required_amount: Generated<number>;
  required_topup_quota: Generated<number>;
  required_used_quota: Generated<number>;
  created_at: number;
}

/** A user's notification settings; `config` holds the method's addresses and secrets. */
export interface NotificationPrefsTable {
  user_id: number;
  method: string;
  /** JSON list of subscribed events. */
  events: string;
  warning_quota: Generated<number>;
  config: string;
  updated_at: number;
}

/** One notification in the outbox: pending until delivered, retried with backoff, or failed. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  event: string;
  method: string;
  title: string;
  content: string;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: number;
  last_error: Generated<string>;
  created_at: number;
  sent_at: Generated<number>;
}

/** An agent (reseller) of the programme: applied, active, disabled or rejected. */
export interface AgentsTable {
  user_id: number;
  status: string;
  /** Share of the basis credited as dividend (0.1 = 10 %). */
  rate: Generated<number>;
  /** `consumption` or `topup` of the users the agent brought. */
  basis: Generated<string>;
  contact: Generated<string>;
  note: Generated<string>;
  applied_at: number;
  reviewed_at: Generated<number>;
  reviewer_id: Generated<number>;
}

/** One day's dividend of one agent; the unique (agent, period) index makes it once. */
export interface AgentDividendsTable {
  id: Generated<number>;
  agent_id: number;
  /** The day, `YYYY-MM-DD` on the server's calendar. */
  period: string;
  basis: string;
  base_quota: number;
  rate: number;
  quota: number;
  created_at: number;
}

/** A withdrawal of invitation balance an agent asked for; the amount is held meanwhile. */
export interface WithdrawalsTable {
  id: Generated<number>;
  agent_id: number;
  quota: number;
  /** Where to pay it (free text: bank, Alipay, PayPal …). */
  account: string;
  /** pending → paid, or rejected (the held amount returns). */
  status: Generated<string>;
  reason: Generated<string>;
  reviewer_id: Generated<number>;
  created_at: number;
  reviewed_at: Generated<number>;
}
