import { readLogBilling, type LogBilling, type LogItem } from '@gateway/shared';
import type { LogRow } from '../../db/queries/logs.js';

/** Who reads a log: admins see the channel and the routing details in `other`. */
export type LogView = 'admin' | 'user';

/** Keys of `other` that describe routing, kept from non-admins. */
const adminOnlyKeys = /^(admin_info|use_channel|channel_.*|upstream_request_id)$/;

/** The token breakdown stored in `other` by the billing code. */
function tokenDetails(b: LogBilling) {
  return {
    cache_tokens: b.cache_tokens ?? 0,
    cache_write_tokens: b.cache_creation_tokens ?? 0,
    image_tokens: b.image_tokens ?? 0,
    audio_tokens: (b.audio_input ?? 0) + (b.audio_output ?? 0),
    text_tokens: (b.text_input ?? 0) + (b.text_output ?? 0),
    reasoning_tokens: b.reasoning_tokens ?? 0,
    frt: b.frt ?? 0,
  };
}

/** `other` as the viewer may see it. */
function visibleOther(raw: string, other: Record<string, unknown>, view: LogView): string {
  if (view === 'admin') return raw;
  const kept = Object.entries(other).filter(([key]) => !adminOnlyKeys.test(key));
  return kept.length === Object.keys(other).length ? raw : JSON.stringify(Object.fromEntries(kept));
}

/** A stored row as the console shows it; the channel only for admins. */
export function toLogItem(row: LogRow, view: LogView, channels?: Map<number, string>): LogItem {
  const { billing, raw } = readLogBilling(row.other);
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
    ...tokenDetails(billing),
    use_time: row.use_time,
    is_stream: Boolean(row.is_stream),
    ip: row.ip,
    request_id: row.request_id,
    content: row.content,
    other: visibleOther(row.other, raw, view),
  };
  if (view === 'admin') {
    item.channel = row.channel_id;
    item.channel_name = channels?.get(row.channel_id) ?? '';
  }
  return item;
}
