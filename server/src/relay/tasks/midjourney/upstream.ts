import { createHmac } from 'node:crypto';
import type { CachedChannel } from '../../../domain/channels/channel-index.js';
import { callUpstream, type UpstreamAnswer } from '../../management/upstream-call.js';

/** How long a Midjourney-Proxy may take to answer a submit. */
export const submitTimeoutMs = 60_000;
/** How long it may take to answer a task query (the poller's `list-by-condition`). */
export const queryTimeoutMs = 15_000;
/** How long it may take to answer an image-seed query. */
export const seedTimeoutMs = 30_000;

/** The channel's base URL without a trailing slash. */
export const baseOf = (channel: CachedChannel): string => channel.baseUrl.replace(/\/+$/, '');

/**
 * Sends a request to a channel's Midjourney-Proxy with its secret (`mj-api-secret`), through
 * the channel's proxy when it has one. Throws on network failure or timeout.
 */
export function callMj(
  channel: CachedChannel,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  timeoutMs: number,
): Promise<UpstreamAnswer> {
  return callUpstream(
    {
      method,
      url: baseOf(channel) + path,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'mj-api-secret': channel.key,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { timeoutMs, proxy: channel.setting.proxy },
  );
}

/**
 * The signature in a channel's callback address (`/mj/notify/<channel id>/<sig>`): HMAC-SHA256
 * of the channel id keyed by the channel's key, 32 hex characters. Only the upstream that
 * holds the key can have been given it.
 */
export const notifySignature = (channel: CachedChannel): string =>
  createHmac('sha256', channel.key).update(String(channel.id)).digest('hex').slice(0, 32);
