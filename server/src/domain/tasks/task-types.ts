import type { CachedChannel } from '../channels/channel-index.js';

/**
 * Asynchronous generation, the domain's side: tasks are charged when submitted, polled until
 * they end, and refunded exactly once when they fail. Who speaks each upstream protocol is the
 * relay's business (`relay/tasks/`); the domain reaches it through `TaskUpstream`.
 */

/** The two task tables: Midjourney drawings (times in ms) and music / video tasks (seconds). */
export type TaskTable = 'midjourneys' | 'tasks';

/** What an upstream says about one task now, in the table's own words and units. */
export interface TaskUpdate {
  /** A status word of the table (`MjStatus` / `TaskStatus`). */
  status: string;
  /** `"0%"` … `"100%"`. */
  progress: string;
  /** Why it failed; '' otherwise. */
  failReason: string;
  /** When the upstream started / finished it (the table's unit); absent = unknown. */
  startTime?: number;
  finishTime?: number;
  /** Midjourney: result image (the upstream's URL), videos, buttons and properties. */
  imageUrl?: string;
  videoUrl?: string;
  videoUrls?: string[];
  buttons?: unknown[];
  properties?: Record<string, unknown>;
  promptEn?: string;
  description?: string;
  /** Music / video: the upstream's answer about the task (stored as JSON) and the main result. */
  data?: unknown;
  resultUrl?: string;
}

/** Reading task states from upstreams; the relay implements it (`ctx.taskUpstream`). */
export interface TaskUpstream {
  /**
   * The current state of tasks of one platform on one channel, by upstream id. An id missing
   * from the answer is one the upstream does not know (any more). Throws when the upstream
   * cannot be asked (network, 5xx, 429): the poller backs off and asks again later.
   */
  fetch(
    table: TaskTable,
    platform: string,
    channel: CachedChannel,
    upstreamIds: string[],
  ): Promise<Map<string, TaskUpdate>>;
}
