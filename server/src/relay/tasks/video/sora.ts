import { ChannelType } from '@gateway/shared';
import type { CachedChannel } from '../../../domain/channels/channel-index.js';
import type { TaskUpdate } from '../../../domain/tasks/task-types.js';
import { isObject } from '../../adaptors/shared/json.js';
import { callUpstream, type UpstreamAnswer } from '../../management/upstream-call.js';
import type { TaskPlatformAdaptor } from '../platform.js';

/** OpenAI's Videos API (Sora), spoken by Sora channels and OpenAI channels alike. */

/** How long a submit, and a poll, may take. */
const submitTimeoutMs = 60_000;
const pollTimeoutMs = 15_000;

/** The lengths a Sora video may have, in seconds. */
export const soraSeconds: readonly string[] = ['4', '8', '12'];

/** The sizes each model family renders. */
const sizes: Readonly<Record<string, readonly string[]>> = {
  'sora-2': ['720x1280', '1280x720'],
  'sora-2-pro': ['720x1280', '1280x720', '1024x1792', '1792x1024'],
};

/** Sizes priced higher than the base ones, and by how much (new-api's `size` ratio). */
const largeSizes = new Set(['1024x1792', '1792x1024']);
const largeSizeRatio = 1.666667;

/** Sizes a Sora model accepts (a dated snapshot counts as its family); null = not checked. */
export function soraSizes(model: string): readonly string[] | null {
  // The longest family first: `sora-2-pro` is not a snapshot of `sora-2`.
  const family = Object.keys(sizes)
    .sort((a, b) => b.length - a.length)
    .find((m) => model === m || model.startsWith(`${m}-`));
  return family ? (sizes[family] ?? null) : null;
}

/** The multiplier of a Sora video's per-call price: its seconds × its size ratio. */
export function soraCalls(seconds: number, size: string): number {
  const ratio = largeSizes.has(size) ? largeSizeRatio : 1;
  return Number((seconds * ratio).toFixed(6));
}

/** A channel's base URL (OpenAI's by default) without a trailing slash. */
export const soraBase = (channel: CachedChannel): string =>
  (channel.baseUrl || 'https://api.openai.com').replace(/\/+$/, '');

/** Calls `{base}/v1/videos{path}` on a channel with its key. */
export function callSora(
  channel: CachedChannel,
  method: 'GET' | 'POST',
  path: string,
  body?: { data: string | Buffer; contentType: string },
): Promise<UpstreamAnswer> {
  return callUpstream(
    {
      method,
      url: `${soraBase(channel)}/v1/videos${path}`,
      headers: {
        authorization: `Bearer ${channel.key}`,
        accept: 'application/json',
        ...(body ? { 'content-type': body.contentType } : {}),
      },
      body: body?.data,
    },
    {
      timeoutMs: method === 'POST' ? submitTimeoutMs : pollTimeoutMs,
      proxy: channel.setting.proxy,
    },
  );
}

/** The address of a finished video's bytes on its channel. */
export const soraContentUrl = (channel: CachedChannel, upstreamId: string): string =>
  `${soraBase(channel)}/v1/videos/${encodeURIComponent(upstreamId)}/content`;

const statusOf: Readonly<Record<string, string>> = {
  queued: 'QUEUED',
  in_progress: 'IN_PROGRESS',
  completed: 'SUCCESS',
  failed: 'FAILURE',
};

/** A Video object as the table's update (progress copied, 100% at the end). */
export function soraUpdate(video: Record<string, unknown>): TaskUpdate {
  const status = statusOf[String(video.status)] ?? 'UNKNOWN';
  const terminal = status === 'SUCCESS' || status === 'FAILURE';
  const given = typeof video.progress === 'number' ? video.progress : 0;
  const error = isObject(video.error) ? video.error : null;
  const message = typeof error?.message === 'string' ? error.message : '';
  const update: TaskUpdate = {
    status,
    progress: `${terminal ? 100 : Math.min(99, Math.max(0, Math.round(given)))}%`,
    failReason: status === 'FAILURE' ? message || 'the video failed upstream' : '',
    data: video,
  };
  if (terminal && typeof video.completed_at === 'number' && video.completed_at > 0) {
    update.finishTime = video.completed_at;
  }
  return update;
}

/**
 * Sora: each task is read with `GET {base}/v1/videos/{id}`. An id the upstream does not know
 * (404) is left out; a rate limit, a server error or a refused key throws (the poller backs
 * off); any other refusal of one video ends it as failed with the upstream's reason.
 */
export const soraPlatform: TaskPlatformAdaptor = {
  platform: 'sora',
  table: 'tasks',
  channelTypes: [ChannelType.sora, ChannelType.openai],
  models: { owner: 'openai', pattern: /^sora-/ },
  served: [
    { type: ChannelType.sora, name: 'Sora (OpenAI videos)', baseUrl: 'https://api.openai.com' },
  ],
  fetch: async (channel, ids) => {
    const updates = new Map<string, TaskUpdate>();
    for (const id of ids) {
      const answer = await callSora(channel, 'GET', `/${encodeURIComponent(id)}`);
      if (answer.status === 404) continue;
      if (answer.status === 200 && isObject(answer.json)) {
        updates.set(id, soraUpdate(answer.json));
        continue;
      }
      if (
        answer.status === 0 ||
        answer.status === 401 ||
        answer.status === 403 ||
        answer.status === 408 ||
        answer.status === 429 ||
        answer.status >= 500 ||
        answer.status < 400
      ) {
        throw new Error(`video retrieve answered ${answer.status}`);
      }
      const error = isObject(answer.json) && isObject(answer.json.error) ? answer.json.error : {};
      const message = typeof error.message === 'string' ? error.message : '';
      updates.set(id, {
        status: 'FAILURE',
        progress: '100%',
        failReason: `upstream returned error ${answer.status}${message ? `: ${message}` : ''}`,
      });
    }
    return updates;
  },
  probe: async (channel) => {
    const answer = await callSora(channel, 'GET', '?limit=1');
    if (answer.status === 0 || answer.status === 401 || answer.status === 403) {
      throw new Error(`videos answered ${answer.status}`);
    }
    if (answer.status >= 500) throw new Error(`videos answered ${answer.status}`);
  },
};
