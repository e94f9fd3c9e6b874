import {
  ChannelStatus,
  ChannelType,
  defaultAzureApiVersion,
  type ChannelInput,
  type ChannelItem,
  type UpdateChannelRequest,
} from '@gateway/shared';
import type { Insertable, Updateable } from 'kysely';
import type { ChannelRow } from '../../db/queries/channels.js';
import type { ChannelsTable } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

export { ChannelType };

/** The key with surrounding space removed; several lines only when they form one JSON value. */
export function singleKey(key: string): string {
  const trimmed = key.trim();
  if (!/[\r\n]/.test(trimmed)) return trimmed;
  try {
    JSON.parse(trimmed);
    return trimmed;
  } catch {
    throw new AppError('channel_key_multiline');
  }
}

/** Azure channels need an API version: the default when none is given. */
const otherFor = (type: number, other: string | undefined) =>
  type === ChannelType.azure && !other ? defaultAzureApiVersion : (other ?? '');

/** The row of a new channel with one key; the fields not given take their defaults. */
export function newChannelRow(
  input: ChannelInput,
  key: string,
  now: number,
): Insertable<ChannelsTable> {
  const type = input.type ?? ChannelType.openai;
  if (input.status === ChannelStatus.autoDisabled) throw new AppError('channel_status_invalid');
  return {
    type,
    key,
    status: input.status ?? ChannelStatus.enabled,
    name: input.name,
    weight: input.weight ?? 0,
    priority: input.priority ?? 0,
    created_time: now,
    base_url: input.base_url ?? '',
    other: otherFor(type, input.other),
    models: input.models,
    group: input.group ?? 'default',
    model_mapping: input.model_mapping ?? '',
    status_code_mapping: input.status_code_mapping ?? '',
    auto_ban: input.auto_ban === false ? 0 : 1,
    other_info: '{}',
    tag: input.tag ?? '',
    setting: input.setting ?? '',
    test_model: input.test_model ?? '',
    remark: input.remark ?? '',
    max_concurrency: input.max_concurrency ?? 0,
    max_rpm: input.max_rpm ?? 0,
  };
}

/**
 * The columns an edit sets: omitted fields and an empty key keep their value. The state may
 * be set to enabled or disabled; an unchanged state (even "auto-disabled") is left alone.
 */
export function changedChannelColumns(
  stored: ChannelRow,
  input: UpdateChannelRequest,
): Updateable<ChannelsTable> {
  const type = input.type ?? stored.type;
  let status: number | undefined;
  if (input.status !== undefined && input.status !== stored.status) {
    if (input.status === ChannelStatus.autoDisabled) throw new AppError('channel_status_invalid');
    status = input.status;
  }
  return {
    type,
    key: input.key ? singleKey(input.key) : undefined,
    status,
    name: input.name,
    weight: input.weight,
    priority: input.priority,
    base_url: input.base_url,
    other:
      input.other === undefined && type === stored.type
        ? undefined
        : otherFor(type, input.other ?? stored.other),
    models: input.models,
    group: input.group,
    model_mapping: input.model_mapping,
    status_code_mapping: input.status_code_mapping,
    auto_ban: input.auto_ban === undefined ? undefined : input.auto_ban ? 1 : 0,
    tag: input.tag,
    setting: input.setting,
    test_model: input.test_model,
    remark: input.remark,
    max_concurrency: input.max_concurrency,
    max_rpm: input.max_rpm,
  };
}

/** A channel as the console sees it: everything but the key. */
export function toChannelItem(row: ChannelRow): ChannelItem {
  const { key: _key, ...rest } = row;
  return { ...rest, priority: Number(rest.priority) };
}
