import type { ChannelInput, ChannelItem, UpdateChannelRequest } from '@gateway/shared';
import { azureDefaultVersion, azureType } from './channel-types';

/** The channel editor's values. */
export interface ChannelFormValues {
  type: number;
  name: string;
  base_url: string;
  /** Azure API version (the channel's `other`). */
  other: string;
  key: string;
  /** Add mode: one channel per key line. */
  batch: boolean;
  /** Batch mode: append each key's first characters to its channel's name. */
  keyPrefixInName: boolean;
  models: string[];
  groups: string[];
  model_mapping: string;
  status_code_mapping: string;
  /** Upstream proxy, kept in the extra settings JSON as `proxy`. */
  proxy: string;
  /** Extra settings JSON without `proxy`. */
  setting: string;
  tag: string;
  priority: number;
  weight: number;
  test_model: string;
  auto_ban: boolean;
  enabled: boolean;
  remark: string;
  /** Requests in flight at once; 0 = no cap. */
  max_concurrency: number;
  /** Requests per minute; 0 = no cap. */
  max_rpm: number;
}

const split = (list: string) =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const pretty = (text: string) => {
  if (!text.trim()) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

/** Reads the extra settings JSON, taking `proxy` out into its own field. */
function splitSetting(text: string): { proxy: string; rest: string } {
  try {
    const value = JSON.parse(text || '{}') as Record<string, unknown>;
    const { proxy, ...rest } = value;
    return {
      proxy: typeof proxy === 'string' ? proxy : '',
      rest: Object.keys(rest).length ? JSON.stringify(rest, null, 2) : '',
    };
  } catch {
    return { proxy: '', rest: text };
  }
}

/** The editor's values for a new channel, or for `item`. */
export function toChannelForm(item?: ChannelItem): ChannelFormValues {
  const setting = splitSetting(item?.setting ?? '');
  return {
    type: item?.type ?? 1,
    name: item?.name ?? '',
    base_url: item?.base_url ?? '',
    other: item?.other ?? '',
    key: '',
    batch: false,
    keyPrefixInName: false,
    models: item ? split(item.models) : [],
    groups: item ? split(item.group) : ['default'],
    model_mapping: pretty(item?.model_mapping ?? ''),
    status_code_mapping: pretty(item?.status_code_mapping ?? ''),
    proxy: setting.proxy,
    setting: setting.rest,
    tag: item?.tag ?? '',
    priority: item?.priority ?? 0,
    weight: item?.weight ?? 0,
    test_model: item?.test_model ?? '',
    auto_ban: item ? item.auto_ban === 1 : true,
    enabled: item ? item.status !== 2 && item.status !== 3 : true,
    remark: item?.remark ?? '',
    max_concurrency: item?.max_concurrency ?? 0,
    max_rpm: item?.max_rpm ?? 0,
  };
}

/** The extra settings JSON with the proxy put back in. */
export function mergeSetting(setting: string, proxy: string): string {
  const base = setting.trim() ? (JSON.parse(setting) as Record<string, unknown>) : {};
  const merged = proxy.trim() ? { ...base, proxy: proxy.trim() } : base;
  return Object.keys(merged).length ? JSON.stringify(merged) : '';
}

/** The channel fields of the editor's values (the key only when one was typed). */
export function toChannelInput(v: ChannelFormValues): ChannelInput {
  return {
    type: v.type,
    name: v.name.trim(),
    key: v.key.trim(),
    base_url: v.base_url.trim(),
    other: v.type === azureType ? v.other.trim() || azureDefaultVersion : v.other.trim(),
    models: v.models.join(','),
    group: v.groups.join(','),
    model_mapping: v.model_mapping.trim(),
    status_code_mapping: v.status_code_mapping.trim(),
    setting: mergeSetting(v.setting, v.proxy),
    tag: v.tag.trim(),
    priority: v.priority ?? 0,
    weight: v.weight ?? 0,
    test_model: v.test_model ?? '',
    auto_ban: v.auto_ban,
    remark: v.remark.trim(),
    max_concurrency: v.max_concurrency ?? 0,
    max_rpm: v.max_rpm ?? 0,
    status: v.enabled ? 1 : 2,
  };
}

/** The update body: an empty key keeps the stored one; the state is only changed by hand. */
export function toChannelUpdate(
  id: number,
  v: ChannelFormValues,
  stored: ChannelItem,
): UpdateChannelRequest {
  const { key, status, ...fields } = toChannelInput(v);
  const wasEnabled = stored.status !== 2 && stored.status !== 3;
  return {
    id,
    ...fields,
    ...(key ? { key } : {}),
    ...(wasEnabled !== v.enabled ? { status } : {}),
  };
}

/** Key lines of the key box (batch mode: one channel each). */
export const keyLines = (key: string) =>
  key
    .split('\n')
    .map((k) => k.trim())
    .filter(Boolean);
