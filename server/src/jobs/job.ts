import type { AppContext } from '../context.js';

/** A periodic background task. */
export interface Job {
  /** Unique name; also the name of its cross-instance lock. */
  name: string;
  /** Milliseconds between runs, read before every wait so that setting changes apply. */
  intervalMs(ctx: AppContext): number;
  /** Milliseconds before the first run; the interval when absent. */
  firstDelayMs?: number;
  /** Runs on every instance (work on its own memory) rather than once across instances. */
  everyInstance?: boolean;
  /** The work; `signal` aborts at shutdown, long jobs check it between steps. */
  run(ctx: AppContext, signal: AbortSignal): Promise<void>;
}
