import type { CachedChannel } from '../../domain/channels/channel-index.js';
import type { VendorModels } from '../../domain/channels/upstream-gateway.js';
import type { TaskTable, TaskUpdate } from '../../domain/tasks/task-types.js';

/**
 * One asynchronous upstream protocol (Midjourney-Proxy, Suno-API, OpenAI videos, Kling): the
 * channel types that speak it and how to read the state of its tasks. Its submit routes live
 * in its own folder and use `submitTask`; the poller reaches `fetch` through the registry.
 */
export interface TaskPlatformAdaptor {
  /** `midjourney`, `suno`, `sora`, `kling`: the `platform` column of its rows. */
  platform: string;
  /** The table its tasks are kept in. */
  table: TaskTable;
  /** Channel types whose upstream speaks this protocol. */
  channelTypes: readonly number[];
  /**
   * The channel types this protocol brings to the channel editor (`GET /api/channel/types`):
   * name and default base URL ('' = a channel must give one). Types another adaptor already
   * serves (OpenAI for videos) are not repeated here.
   */
  served: ReadonlyArray<{ type: number; name: string; baseUrl: string }>;
  /** The model names of this protocol (the channel editor suggests them for `channelTypes`). */
  models: VendorModels;
  /**
   * The current state of tasks on one channel, by upstream id; ids the upstream does not
   * return are missing. Throws when the upstream cannot be asked (network, 5xx, 429).
   */
  fetch(channel: CachedChannel, upstreamIds: string[]): Promise<Map<string, TaskUpdate>>;
  /**
   * The channel test: throws when the upstream cannot be reached or refuses the key. Absent,
   * the test asks `fetch` about an id that does not exist.
   */
  probe?(channel: CachedChannel): Promise<void>;
}
