import type { FastifyReply } from 'fastify';
import { ProxyAgent, request, type Dispatcher } from 'undici';
import type { CachedChannel } from '../../../domain/channels/channel-index.js';
import type { TaskRow } from '../../../db/queries/tasks.js';
import { AppError } from '../../../errors.js';
import { publicAgentFor } from '../../../lib/public-address.js';
import { isObject } from '../../adaptors/shared/json.js';
import { corsHeader } from '../../cors.js';
import { klingBase, klingVideoUrl } from './kling.js';
import { soraContentUrl } from './sora.js';

/** How long the upstream may take to start, and to go on, sending a video. */
const contentTimeoutMs = 60_000;

/** Where a finished video's bytes are fetched, with which headers. */
interface Source {
  url: string;
  headers: Record<string, string>;
  /** Not the channel's own host: only public addresses may be reached. */
  foreign: boolean;
}

function hostOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.host : null;
  } catch {
    return null;
  }
}

/**
 * The source of a finished video. Sora: the channel's content endpoint with its key. Kling:
 * the stored result URL, only on the channel's host or on a host the upstream itself gave in
 * the task's data (its video URLs); never anything else.
 */
function sourceOf(row: TaskRow, channel: CachedChannel | null): Source {
  if (row.platform === 'sora') {
    if (!channel) throw new AppError('task_channel_disabled', { id: row.task_id }, 403);
    return {
      url: soraContentUrl(channel, row.upstream_id),
      headers: { authorization: `Bearer ${channel.key}` },
      foreign: false,
    };
  }
  const host = hostOf(row.result_url);
  if (!host) throw new AppError('upstream_bad_response', undefined, 502);
  if (channel && hostOf(klingBase(channel)) === host) {
    return { url: row.result_url, headers: {}, foreign: false };
  }
  let data: unknown;
  try {
    data = JSON.parse(row.data) as unknown;
  } catch {
    data = null;
  }
  const given = isObject(data) ? hostOf(klingVideoUrl(data)) : null;
  if (given !== host) throw new AppError('upstream_bad_response', undefined, 502);
  return { url: row.result_url, headers: {}, foreign: true };
}

/**
 * Streams a finished video to the client: `Content-Type` as the upstream sent it (`video/mp4`
 * when it sent none). Redirects are never followed (undici's `request` does not), a foreign
 * host is reached only at public addresses, and the channel's proxy is used when it has one.
 */
export async function streamVideo(
  reply: FastifyReply,
  row: TaskRow,
  channel: CachedChannel | null,
  /** `FetchAllowedHosts`: non-public hosts root allowed. */
  allowList: string,
): Promise<void> {
  if (row.status !== 'SUCCESS') throw new AppError('task_not_finished', { id: row.task_id });
  const source = sourceOf(row, channel);
  const proxyUrl = channel?.setting.proxy;
  const proxy =
    typeof proxyUrl === 'string' && /^https?:\/\//.test(proxyUrl)
      ? new ProxyAgent(proxyUrl)
      : undefined;
  const guard = !proxy && source.foreign ? publicAgentFor(allowList) : undefined;
  const dispatcher: Dispatcher | undefined = proxy ?? guard;
  // The guard is shared; only a proxy agent made for this call is closed.
  const release = () => void proxy?.close().catch(() => undefined);
  const answer = await request(source.url, {
    method: 'GET',
    headers: source.headers,
    dispatcher,
    headersTimeout: contentTimeoutMs,
    bodyTimeout: contentTimeoutMs,
  }).catch(() => null);
  if (!answer) {
    release();
    throw new AppError('upstream_unreachable', undefined, 502);
  }
  if (answer.statusCode !== 200) {
    await answer.body.dump().catch(() => undefined);
    release();
    throw new AppError('upstream_bad_response', undefined, 502);
  }
  answer.body.once('close', release);
  const type = answer.headers['content-type'];
  const length = answer.headers['content-length'];
  void reply
    .headers(corsHeader)
    .header('content-type', typeof type === 'string' && type ? type : 'video/mp4')
    .header('cache-control', 'private, max-age=86400');
  if (typeof length === 'string' && /^\d+$/.test(length))
    void reply.header('content-length', length);
  await reply.send(answer.body);
}
