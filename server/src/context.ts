import type { BaseContext } from './base-context.js';
import type { Billing } from './billing/billing.js';
import type { Mailer } from './domain/email/mailer.js';
import type { SessionStore } from './domain/sessions/session-store.js';
import type { StatusCache } from './domain/settings/status-cache.js';
import type { TokenCache } from './domain/tokens/token-cache.js';
import type { UsageRollup } from './domain/usage/usage-rollup.js';
import type { UpstreamGateway } from './domain/channels/upstream-gateway.js';
import type { TaskUpstream } from './domain/tasks/task-types.js';
import type { ChannelErrorRates } from './domain/channels/error-rates.js';
import type { UserCache } from './domain/users/user-cache.js';
import type { ChannelIndex } from './domain/channels/channel-index.js';
import type { LevelCache } from './domain/levels/level-cache.js';
import type { LowBalanceWatch } from './domain/notifications/low-balance.js';
import type { NotificationOutbox } from './domain/notifications/outbox.js';

/**
 * Everything a route, job or relay step works with: the foundations and every per-process
 * service, built and started once in `create-context.ts` and closed there in reverse order.
 * A service is a field here or it does not exist; the few modules that keep state of their
 * own (the upstream connection pools, the route catalogue, memo tables) are listed, with why,
 * in `docs/architecture.md`.
 */
export interface AppContext extends BaseContext {
  sessions: SessionStore;
  users: UserCache;
  /** API keys by value, for the relay's authentication. */
  tokens: TokenCache;
  /** The routing index group × model → channels, for the relay's channel selection. */
  channels: ChannelIndex;
  /** Each channel's recent error rate on this instance (automatic disabling). */
  channelErrors: ChannelErrorRates;
  /** User levels: discounts, limits, supported groups, upgrade rules. */
  levels: LevelCache;
  /** The `/api/status` object, rebuilt when a setting changes. */
  status: StatusCache;
  /** The hourly usage roll-up (`quota_data`). */
  usage: UsageRollup;
  /** SMTP sending and the background mail queue. */
  mail: Mailer;
  /** The notification outbox: queued notices delivered and retried in the background. */
  notifications: NotificationOutbox;
  /** Low-balance and used-up alerts after settlements (once per 2 hours per user). */
  balanceWatch: LowBalanceWatch;
  /** Upstream vendors as the relay serves them (served types, channel tests, models, balances). */
  upstream: UpstreamGateway;
  /** Reads asynchronous task states from their upstreams (the relay's protocols). */
  taskUpstream: TaskUpstream;
  /** The relay's money: reserve, settle, refund, crash reconciliation. */
  billing: Billing;
  /** Runs the shutdown tasks and closes connections. */
  close(): Promise<void>;
}
