import { ChannelType } from '@gateway/shared';
import { createHmac } from 'node:crypto';
import type { CachedChannel } from '../../../domain/channels/channel-index.js';
import type { TaskUpdate } from '../../../domain/tasks/task-types.js';
import { isObject } from '../../adaptors/shared/json.js';
import { callUpstream, type UpstreamAnswer } from '../../management/upstream-call.js';
import type { TaskPlatformAdaptor } from '../platform.js';

/** Kling's video API: text2video and image2video, signed with a short-lived JWT. */

/** The two kinds of Kling video task; Kling reads a task back under its kind. */
export type KlingKind = 'text2video' | 'image2video';

const submitTimeoutMs = 60_000;
const pollTimeoutMs = 15_000;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A key of another gateway (new-api or this one) that relays Kling: a plain bearer token. */
const isGatewayKey = (key: string) => key.startsWith('sk-');

/**
 * The `Authorization` of a Kling channel. A key `accessKey|secretKey` signs an HS256 JWT
 * (`iss` the access key, `exp` now + 30 minutes, `nbf` now − 5 s); an `sk-` key (another
 * gateway) or a key without a secret is sent as it is.
 */
export function klingAuthorization(key: string, now = Math.floor(Date.now() / 1000)): string {
  const bar = key.indexOf('|');
  if (isGatewayKey(key) || bar < 0) return `Bearer ${key}`;
  const access = key.slice(0, bar).trim();
  const secret = key.slice(bar + 1).trim();
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ iss: access, exp: now + 1800, nbf: now - 5 })}`;
  const signature = createHmac('sha256', secret).update(unsigned).digest('base64url');
  return `Bearer ${unsigned}.${signature}`;
}

/** A channel's base URL (Kling's by default) without a trailing slash. */
export const klingBase = (channel: CachedChannel): string =>
  (channel.baseUrl || 'https://api.klingai.com').replace(/\/+$/, '');

/** The URL of a Kling path on a channel: under `/kling` when the channel is another gateway. */
export const klingUrl = (channel: CachedChannel, path: string): string =>
  `${klingBase(channel)}${isGatewayKey(channel.key) ? '/kling' : ''}${path}`;

/** Calls a Kling channel (`path` starts with `/v1/videos/`). */
export function callKling(
  channel: CachedChannel,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<UpstreamAnswer> {
  return callUpstream(
    {
      method,
      url: klingUrl(channel, path),
      headers: {
        authorization: klingAuthorization(channel.key),
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    {
      timeoutMs: method === 'POST' ? submitTimeoutMs : pollTimeoutMs,
      proxy: channel.setting.proxy,
    },
  );
}

/** The upstream id as stored: `<kind>:<Kling's id>`, since Kling reads a task under its kind. */
export const klingUpstreamId = (kind: KlingKind, id: string): string => `${kind}:${id}`;

/** Splits a stored upstream id back into its kind and Kling's id; null when it is not one. */
export function splitKlingId(stored: string): { kind: KlingKind; id: string } | null {
  const colon = stored.indexOf(':');
  const kind = stored.slice(0, colon);
  const id = stored.slice(colon + 1);
  if (colon < 0 || !id || (kind !== 'text2video' && kind !== 'image2video')) return null;
  return { kind, id };
}

const statusOf: Readonly<Record<string, string>> = {
  submitted: 'SUBMITTED',
  processing: 'IN_PROGRESS',
  succeed: 'SUCCESS',
  failed: 'FAILURE',
};
const progressOf: Readonly<Record<string, string>> = {
  SUBMITTED: '10%',
  IN_PROGRESS: '50%',
  SUCCESS: '100%',
  FAILURE: '100%',
};

/** The first video URL of a Kling task's `data`, or ''. */
export function klingVideoUrl(data: unknown): string {
  const result = isObject(data) && isObject(data.task_result) ? data.task_result : {};
  const first: unknown = Array.isArray(result.videos) ? result.videos[0] : undefined;
  return isObject(first) && typeof first.url === 'string' ? first.url : '';
}

/** The `data` of a Kling answer as the table's update. */
export function klingUpdate(data: Record<string, unknown>): TaskUpdate {
  const status = statusOf[String(data.task_status)] ?? 'UNKNOWN';
  const message = typeof data.task_status_msg === 'string' ? data.task_status_msg : '';
  const update: TaskUpdate = {
    status,
    progress: progressOf[status] ?? '30%',
    failReason: status === 'FAILURE' ? message || 'the video failed upstream' : '',
    data,
  };
  const url = klingVideoUrl(data);
  if (url) update.resultUrl = url;
  return update;
}

/**
 * Kling: each task is read with `GET {base}/v1/videos/{kind}/{id}`. A task Kling does not
 * know (404) is left out; any other failure throws and the poller backs off.
 */
export const klingPlatform: TaskPlatformAdaptor = {
  platform: 'kling',
  table: 'tasks',
  channelTypes: [ChannelType.kling],
  models: { owner: 'kling', pattern: /^kling-/ },
  served: [{ type: ChannelType.kling, name: 'Kling', baseUrl: 'https://api.klingai.com' }],
  fetch: async (channel, ids) => {
    const updates = new Map<string, TaskUpdate>();
    for (const stored of ids) {
      const split = splitKlingId(stored);
      if (!split) continue;
      const path = `/v1/videos/${split.kind}/${encodeURIComponent(split.id)}`;
      const answer = await callKling(channel, 'GET', path);
      if (answer.status === 404) continue;
      const json = answer.json;
      if (answer.status !== 200 || !isObject(json) || json.code !== 0 || !isObject(json.data)) {
        throw new Error(`kling query answered ${answer.status}`);
      }
      updates.set(stored, klingUpdate(json.data));
    }
    return updates;
  },
  probe: async (channel) => {
    const answer = await callKling(channel, 'GET', '/v1/videos/text2video/gateway-channel-test');
    if (answer.status === 0 || answer.status === 401 || answer.status === 403) {
      throw new Error(`kling answered ${answer.status}`);
    }
    if (answer.status >= 500) throw new Error(`kling answered ${answer.status}`);
  },
};
