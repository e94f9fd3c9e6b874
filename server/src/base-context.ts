import type { Logger } from 'pino';
import type { Env } from './config/env.js';
import type { Settings } from './config/settings/store.js';
import type { Db, Dialect } from './db/client.js';
import type { Metrics } from './lib/metrics.js';
import type { SharedState } from './lib/shared-state.js';

/**
 * The foundations of a process: configuration, database, shared state and settings. The
 * per-process services are built on this and never on the whole `AppContext`, which holds
 * them (so no service module depends on the context that contains it).
 */
export interface BaseContext {
  env: Env;
  log: Logger;
  db: Db;
  dialect: Dialect;
  shared: SharedState;
  settings: Settings;
  /** The process's Prometheus metrics (`/metrics`). */
  metrics: Metrics;
  /** Registers work to run at shutdown (flush queues, stop timers), last registered first. */
  onClose(task: () => Promise<void> | void): void;
}
