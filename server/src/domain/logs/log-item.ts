import type { LogItem } from '@gateway/shared';
import type { LogRow } from '../../db/queries/logs.js';

/** Who reads a log: admins see the channel and the routing details in `other`. */
export type LogView = 'admin' | 'user';

/** Keys of `other` that describe routing, kept from non-admins. */
const adminOnlyKeys = /^(admin_info|use_channel|channel_.*|upstream_request_id)$/;

type Other = Record<string, unknown>;

/** The `other` JSON of a log, or an empty object when it is missing or unreadable. */
export function parseOther(raw: string): Other {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Other) : {};
  } catch {
    return {};
  }
}

const count = (other: Other, ...keys: string[]): number =>
  keys.reduce((sum, key) => {
    const v = other[key];
    return sum + (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  }, 0);

/** The token breakdown stored in `other` by the billing code. */
export function tokenDetails(other: Other) {
  return {
    cache_tokens: Math.round(count(other, 'cache_tokens')),
    cache_write_tokens: Math.round(count(other, 'cache_creation_tokens')),
    image_tokens: Math.round(count(other, 'image_tokens')),
    audio_tokens: Math.round(count(other, 'audio_input', 'audio_output')),
    text_tokens: Math.round(count(other, 'text_input', 'text_output')),
    reasoning_tokens: Math.round(count(other, 'reasoning_tokens')),
    frt: count(other, 'frt'),
  };
}

/** `other` as the viewer may see it. */
export function visibleOther(raw: string, other: Other, view: LogView): string {
  if (view === 'admin') return raw;
  const kept = Object.entries(other).filter(([key]) => !adminOnlyKeys.test(key));
  return kept.length === Object.keys(other).length ? raw : JSON.stringify(Object.fromEntries(kept));
}

/** A stored row as the console shows it; the channel only for admins. */
export function toLogItem(row: LogRow, view: LogView, channels?: Map<number, string>): LogItem {
  const other = parseOther(row.other);
  const item: LogItem = {
    id: Number(row.id),
    created_at: Number(row.created_at),
    type: row.type,
    user_id: row.user_id,
    username: row.username,
    token_id: row.token_id,
    token_name: row.token_name,
    model_name: row.model_name,
    group: row.group,
    quota: Number(row.quota),
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    ...tokenDetails(other),
    use_time: row.use_time,
    is_stream: Boolean(row.is_stream),
    ip: row.ip,
    request_id: row.request_id,
    content: row.content,
    other: visibleOther(row.other, other, view),
  };
  if (view === 'admin') {
    item.channel = row.channel_id;
    item.channel_name = channels?.get(row.channel_id) ?? '';
  }
  return item;
}
