import { createHash } from 'node:crypto';
import {
  stickyRoutingEnabled,
  stickyRoutingRules,
  type StickyRule,
} from '../../config/settings/groups/operation.js';
import type { CachedChannel } from '../../domain/channels/channel-index.js';
import type { RelayContext, Sticky } from '../relay-context.js';

/**
 * Sticky routing: a conversation (identified by a header or a body field, per the operator's
 * rules) is sent back to the channel that served its last request for a while, so that the
 * upstream's prompt cache hits. Remembered in the shared state (every instance agrees).
 */

/** The value at a dot path of a JSON body, as text; '' when absent or not a scalar. */
function bodyField(body: unknown, path: string): string {
  let node = body;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return '';
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' || typeof node === 'number' ? String(node) : '';
}

function conversationOf(rc: RelayContext, rule: StickyRule): string {
  if (rule.header) {
    const value = rc.req.headers[rule.header];
    return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  }
  const body = 'json' in rc.request.body ? rc.request.body.json : undefined;
  return bodyField(body, rule.body);
}

/**
 * The request's conversation key, when sticky routing is on and a rule matches it (by path,
 * model, and a non-empty header or body value); null otherwise. The key is per user, group
 * and model, so one conversation never crosses users.
 */
export function stickyOf(rc: RelayContext): Sticky | null {
  const { settings } = rc.ctx;
  if (!settings.get(stickyRoutingEnabled)) return null;
  const path = rc.req.url;
  for (const rule of settings.get(stickyRoutingRules)) {
    if (rule.path && !path.startsWith(rule.path)) continue;
    if (rule.models.length > 0 && !rule.models.includes(rc.request.model)) continue;
    const conversation = conversationOf(rc, rule);
    if (!conversation) continue;
    const digest = createHash('sha256').update(conversation).digest('base64url').slice(0, 22);
    return {
      rule: rule.name,
      key: `sticky:${rc.caller.userId}:${rc.usingGroup}:${rc.request.model}:${rule.name}:${digest}`,
      ttlSeconds: rule.ttl_seconds,
      hit: false,
    };
  }
  return null;
}

/** The remembered channel of the conversation, if it may still serve this request. */
export async function stickyChannel(rc: RelayContext): Promise<CachedChannel | null> {
  const sticky = rc.sticky;
  if (!sticky) return null;
  const id = Number(await rc.ctx.shared.get(sticky.key));
  if (!id || rc.tried.has(id)) return null;
  const channel = rc.ctx.channels.get(id);
  const usable =
    channel !== null &&
    channel.status === 1 &&
    channel.groups.includes(rc.usingGroup) &&
    channel.models.includes(rc.request.model);
  return usable ? channel : null;
}

/** Remembers the channel that served the conversation (its time to live starts again). */
export function rememberSticky(rc: RelayContext, channelId: number): void {
  const sticky = rc.sticky;
  if (!sticky) return;
  rc.ctx.shared
    .set(sticky.key, String(channelId), sticky.ttlSeconds)
    .catch((err: unknown) => rc.ctx.log.warn({ err }, 'sticky routing: remembering failed'));
}
