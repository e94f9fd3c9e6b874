import pino, { type Logger } from 'pino';
import type { Env } from './config/env.js';
import { allSettings } from './config/settings/index.js';
import { Settings } from './config/settings/store.js';
import { dialectOf, migrateToLatest, openDb, type Db, type Dialect } from './db/client.js';
import { createSessionStore, type SessionStore } from './domain/sessions/session-store.js';
import { UserCache } from './domain/users/user-cache.js';
import { TokenCache } from './domain/tokens/token-cache.js';
import { ChannelIndex } from './relay/select-channel.js';
import { createSharedState, type SharedState } from './lib/shared-state.js';

/** The services every route, job and relay step works with; built once per process. */
export interface AppContext {
  env: Env;
  log: Logger;
  db: Db;
  dialect: Dialect;
  shared: SharedState;
  settings: Settings;
  sessions: SessionStore;
  users: UserCache;
  /** API keys by value, for the relay's authentication. */
  tokens: TokenCache;
  /** The routing index group × model → channels, for the relay's channel selection. */
  channels: ChannelIndex;
  /** Registers work to run at shutdown (flush queues, stop timers), last registered first. */
  onClose(task: () => Promise<void> | void): void;
  /** Runs the shutdown tasks and closes connections. */
  close(): Promise<void>;
}

/** Options tests use to isolate themselves. */
export interface ContextOptions {
  /** PostgreSQL schema (search_path) to use. */
  pgSchema?: string;
  /** Prefix for every Redis key and channel. */
  redisPrefix?: string;
  logger?: Logger;
}

/** Opens the database (migrating it), the shared state and the caches. */
export async function createContext(env: Env, options: ContextOptions = {}): Promise<AppContext> {
  const log = options.logger ?? pino({ level: env.logLevel });
  const db = openDb({
    kind: env.dbKind,
    dsn: env.sqlDsn,
    sqlitePath: env.sqlitePath,
    pgSchema: options.pgSchema,
  });
  await migrateToLatest(db);
  const shared = createSharedState(env.redisUrl, options.redisPrefix ?? '');
  const settings = new Settings(db, shared, allSettings);
  await settings.load();
  const closers: Array<() => Promise<void> | void> = [];
  const channels = new ChannelIndex({ db, shared, log });
  await channels.load();
  return {
    env,
    log,
    db,
    dialect: dialectOf(db),
    shared,
    settings,
    sessions: createSessionStore(db, shared),
    users: new UserCache(db, shared),
    tokens: new TokenCache({ db, shared }),
    channels,
    onClose: (task) => closers.push(task),
    async close() {
      for (const task of closers.reverse()) await task();
      await shared.close();
      await db.destroy();
    },
  };
}
