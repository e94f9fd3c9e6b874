import { ChannelType } from '@gateway/shared';
import type { TaskUpdate } from '../../../domain/tasks/task-types.js';
import type { TaskPlatformAdaptor } from '../platform.js';
import { callMj, queryTimeoutMs } from './upstream.js';
import { toUpdate } from './wire.js';

/** Midjourney-Proxy (open source and Plus): drawings, polled with `list-by-condition`. */
export const midjourneyPlatform: TaskPlatformAdaptor = {
  platform: 'midjourney',
  table: 'midjourneys',
  channelTypes: [ChannelType.midjourney, ChannelType.midjourneyPlus],
  models: { owner: 'midjourney', pattern: /^(mj_|swap_face$)/ },
  served: [
    { type: ChannelType.midjourney, name: 'Midjourney Proxy', baseUrl: '' },
    { type: ChannelType.midjourneyPlus, name: 'Midjourney Proxy Plus', baseUrl: '' },
  ],
  fetch: async (channel, ids) => {
    const answer = await callMj(
      channel,
      'POST',
      '/mj/task/list-by-condition',
      { ids },
      queryTimeoutMs,
    );
    if (answer.status < 200 || answer.status >= 300 || !Array.isArray(answer.json)) {
      throw new Error(`list-by-condition answered ${answer.status}`);
    }
    const updates = new Map<string, TaskUpdate>();
    for (const item of answer.json as unknown[]) {
      if (!item || typeof item !== 'object') continue;
      const task = item as Record<string, unknown>;
      if (typeof task.id === 'string') updates.set(task.id, toUpdate(task));
    }
    return updates;
  },
};
