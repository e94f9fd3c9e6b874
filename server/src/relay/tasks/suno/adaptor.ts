import { ChannelType } from '@gateway/shared';
import type { CachedChannel } from '../../../domain/channels/channel-index.js';
import type { TaskUpdate } from '../../../domain/tasks/task-types.js';
import { isObject } from '../../adaptors/shared/json.js';
import { callUpstream, type UpstreamAnswer } from '../../management/upstream-call.js';
import type { TaskPlatformAdaptor } from '../platform.js';

/** How long a Suno-API may take to answer a submit, and a poll. */
export const sunoSubmitTimeoutMs = 60_000;
export const sunoFetchTimeoutMs = 15_000;

/** The status words of the tasks table (3.3); anything else the upstream says is `UNKNOWN`. */
const statuses = new Set([
  'NOT_START',
  'SUBMITTED',
  'QUEUED',
  'IN_PROGRESS',
  'SUCCESS',
  'FAILURE',
  'UNKNOWN',
]);

/** Progress shown for states the upstream reports no figure for. */
const progressOf: Readonly<Record<string, string>> = {
  NOT_START: '0%',
  SUBMITTED: '10%',
  QUEUED: '20%',
  IN_PROGRESS: '50%',
  SUCCESS: '100%',
  FAILURE: '100%',
};

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Calls a channel's Suno-API with its bearer token, through the channel's proxy if it has one. */
export function callSuno(
  channel: CachedChannel,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  timeoutMs: number,
): Promise<UpstreamAnswer> {
  return callUpstream(
    {
      method,
      url: channel.baseUrl.replace(/\/+$/, '') + path,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${channel.key}`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { timeoutMs, proxy: channel.setting.proxy },
  );
}

/** A time of the upstream in seconds (a value in milliseconds is converted); 0 = unknown. */
function seconds(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.floor(n > 1e11 ? n / 1000 : n);
}

/** The upstream's own progress (`"45%"` or 45), or ''. */
function givenProgress(v: unknown): string {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number.parseFloat(v) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 100 ? `${Math.round(n)}%` : '';
}

/** Why a task failed: its `fail_reason`, else the first clip's error message. */
function failureOf(item: Record<string, unknown>, clips: readonly unknown[]): string {
  const reason = str(item.fail_reason);
  if (reason) return reason;
  for (const clip of clips) {
    if (!isObject(clip) || !isObject(clip.metadata)) continue;
    const message = str(clip.metadata.error_message);
    if (message) return message;
  }
  return '';
}

/**
 * One task of a Suno-API `POST /suno/fetch` answer as the table's update: its status word,
 * progress (the upstream's, else by status), times in seconds, the clips (or the lyrics) as
 * `data`, and the first clip's audio as the result.
 */
export function sunoUpdate(item: Record<string, unknown>): TaskUpdate {
  const word = str(item.status).toUpperCase();
  const status = word === '' ? 'NOT_START' : statuses.has(word) ? word : 'UNKNOWN';
  const clips: readonly unknown[] = Array.isArray(item.data) ? item.data : [];
  const terminal = status === 'SUCCESS' || status === 'FAILURE';
  const update: TaskUpdate = {
    status,
    progress: terminal ? '100%' : givenProgress(item.progress) || progressOf[status] || '0%',
    failReason: status === 'FAILURE' ? failureOf(item, clips) : '',
    data: item.data ?? null,
  };
  const start = seconds(item.start_time);
  if (start) update.startTime = start;
  const finish = seconds(item.finish_time);
  if (finish && terminal) update.finishTime = finish;
  const first = clips[0];
  const audio = isObject(first) ? str(first.audio_url) : '';
  if (audio) update.resultUrl = audio;
  return update;
}

/** Suno-API: songs and lyrics, polled with one `POST {base}/suno/fetch` per channel. */
export const sunoPlatform: TaskPlatformAdaptor = {
  platform: 'suno',
  table: 'tasks',
  channelTypes: [ChannelType.suno],
  models: { owner: 'suno', pattern: /^suno_/ },
  served: [{ type: ChannelType.suno, name: 'Suno API', baseUrl: '' }],
  fetch: async (channel, ids) => {
    const answer = await callSuno(channel, 'POST', '/suno/fetch', { ids }, sunoFetchTimeoutMs);
    const json = answer.json;
    if (answer.status !== 200 || !isObject(json) || !Array.isArray(json.data)) {
      throw new Error(`suno fetch answered ${answer.status}`);
    }
    const wanted = new Set(ids);
    const updates = new Map<string, TaskUpdate>();
    for (const item of json.data as unknown[]) {
      if (!isObject(item) || typeof item.task_id !== 'string') continue;
      if (wanted.has(item.task_id)) updates.set(item.task_id, sunoUpdate(item));
    }
    return updates;
  },
};
