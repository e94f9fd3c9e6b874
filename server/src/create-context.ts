import pino from 'pino';
import type { BaseContext } from './base-context.js';
import { createBilling } from './billing/billing-service.js';
import type { Env } from './config/env.js';
import { allSettings } from './config/settings/index.js';
import { Settings } from './config/settings/store.js';
import type { AppContext } from './context.js';
import { closeDb, dialectOf, migrateToLatest, openDb, sqliteHandleOf } from './db/client.js';
import { WalWriteback } from './db/wal-writeback.js';
import { Mailer } from './domain/email/mailer.js';
import { createSessionStore } from './domain/sessions/session-store.js';
import { StatusCache } from './domain/settings/status-cache.js';
import { TokenCache } from './domain/tokens/token-cache.js';
import { afterSettlement } from './domain/usage/after-settlement.js';
import { UsageRollup } from './domain/usage/usage-rollup.js';
import { LowBalanceWatch } from './domain/notifications/low-balance.js';
import { NotificationOutbox } from './domain/notifications/outbox.js';
import { UserCache } from './domain/users/user-cache.js';
import { Metrics } from './lib/metrics.js';
import { createSharedState } from './lib/shared-state.js';
import { createUpstreamGateway } from './relay/upstream-gateway.js';
import { createTaskUpstream } from './relay/tasks/platforms.js';
import { ChannelIndex } from './domain/channels/channel-index.js';
import { ChannelErrorRates } from './domain/channels/error-rates.js';
import { LevelCache } from './domain/levels/level-cache.js';

/** Options tests use to isolate themselves. */
export interface ContextOptions {
  /** PostgreSQL schema (search_path) to use. */
  pgSchema?: string;
  /** Prefix for every Redis key and channel. */
  redisPrefix?: string;
  logger?: BaseContext['log'];
  /** Leaves `ctx.billing.start()` (crash reconciliation) to the caller (crash tests). */
  deferBillingStart?: boolean;
}

/**
 * Opens the database (migrating it), the shared state and the settings, then builds and
 * starts every per-process service. `close()` runs the services' shutdown tasks in reverse
 * order of registration, then closes the shared state and the database.
 */
export async function createContext(env: Env, options: ContextOptions = {}): Promise<AppContext> {
  const log = options.logger ?? pino({ level: env.logLevel });
  // Created first: the database and Redis clients count their I/O into `metrics.io`.
  const metrics = new Metrics();
  const db = openDb({
    kind: env.dbKind,
    dsn: env.sqlDsn,
    sqlitePath: env.sqlitePath,
    pgSchema: options.pgSchema,
    io: metrics.io,
  });
  await migrateToLatest(db);
  const raw = sqliteHandleOf(db);
  const walWriteback = raw ? WalWriteback.start(raw) : null;
  const shared = createSharedState(
    env.redisUrl,
    options.redisPrefix ?? '',
    (error) => {
      if (error)
        log.error(
          { err: error },
          'Redis is unreachable; requests that need it fail until it is back',
        );
      else log.warn('Redis is reachable again');
    },
    metrics.io,
  );
  const settings = new Settings(db, shared, allSettings);
  await settings.load();
  const closers: Array<() => Promise<void> | void> = [];
  const base: BaseContext = {
    env,
    log,
    db,
    dialect: dialectOf(db),
    shared,
    settings,
    metrics,
    onClose: (task) => closers.push(task),
  };
  const channels = new ChannelIndex(base);
  await channels.load();
  const levels = new LevelCache(base);
  await levels.load();
  const usage = new UsageRollup(base);
  const ctx: AppContext = {
    ...base,
    sessions: createSessionStore(db, shared),
    users: new UserCache(db, shared),
    tokens: new TokenCache(base),
    channels,
    channelErrors: new ChannelErrorRates(base.settings),
    levels,
    status: new StatusCache(base),
    usage,
    mail: new Mailer(base),
    notifications: new NotificationOutbox(base),
    get balanceWatch(): LowBalanceWatch {
      return balanceWatch;
    },
    upstream: createUpstreamGateway(),
    taskUpstream: createTaskUpstream(),
    billing: createBilling(base, {
      onCharged: (charged) => afterSettlement(ctx, charged),
      // Settlements feed the roll-up, whose own shutdown flush may already have run.
      onStopped: async () => void (await usage.flush()),
    }),
    async close() {
      for (const task of closers.reverse()) await task();
      await shared.close();
      walWriteback?.close();
      await closeDb(db);
    },
  };
  const balanceWatch = new LowBalanceWatch(ctx);
  ctx.notifications.attach(ctx);
  if (!options.deferBillingStart) await ctx.billing.start();
  return ctx;
}
