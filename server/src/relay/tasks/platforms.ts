import type { CachedChannel } from '../../domain/channels/channel-index.js';
import type { TaskUpstream } from '../../domain/tasks/task-types.js';
import { midjourneyPlatform } from './midjourney/adaptor.js';
import type { TaskPlatformAdaptor } from './platform.js';
import { sunoPlatform } from './suno/adaptor.js';
import { klingPlatform } from './video/kling.js';
import { soraPlatform } from './video/sora.js';

/** Every asynchronous task protocol; a new one is one import and one entry here. */
const platforms: readonly TaskPlatformAdaptor[] = [
  midjourneyPlatform,
  sunoPlatform,
  soraPlatform,
  klingPlatform,
];

/** Every asynchronous task protocol. */
export const taskPlatforms = (): readonly TaskPlatformAdaptor[] => platforms;

/** The protocol a row of `platform` speaks. */
export const taskPlatform = (platform: string): TaskPlatformAdaptor | undefined =>
  platforms.find((p) => p.platform === platform);

/** The protocol that serves a channel type, if a task protocol does. */
export const taskPlatformOfType = (type: number): TaskPlatformAdaptor | undefined =>
  platforms.find((p) => p.channelTypes.includes(type));

/** The channel test of a task channel: its upstream answers a query with the channel's key. */
export async function probeTaskChannel(
  platform: TaskPlatformAdaptor,
  channel: CachedChannel,
): Promise<void> {
  if (platform.probe) await platform.probe(channel);
  else await platform.fetch(channel, ['gateway-channel-test']);
}

/** The relay's side of the domain's task polling: each platform reads its own upstream. */
export function createTaskUpstream(): TaskUpstream {
  return {
    fetch: async (table, platform, channel, ids) => {
      const adaptor = taskPlatform(platform);
      if (!adaptor || adaptor.table !== table) return new Map();
      return adaptor.fetch(channel, ids);
    },
  };
}
