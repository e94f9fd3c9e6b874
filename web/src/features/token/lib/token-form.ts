import type { CreateTokenRequest, MjSetting, TokenItem, UpdateTokenRequest } from '@gateway/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { quotaToUnit, unitToQuota, type QuotaDisplay } from '../../../lib/quota';

/** The expiry presets of the key dialog: a minute, an hour, a day, a month, never. */
export const expiryPresets = ['minute', 'hour', 'day', 'month', 'never'] as const;
export type ExpiryPreset = (typeof expiryPresets)[number];

/** The expiry a preset sets, counted from `now`; null = never. */
export function expiryFromPreset(preset: ExpiryPreset, now: Dayjs = dayjs()): Dayjs | null {
  switch (preset) {
    case 'minute':
      return now.add(1, 'minute');
    case 'hour':
      return now.add(1, 'hour');
    case 'day':
      return now.add(1, 'day');
    case 'month':
      return now.add(1, 'month');
    default:
      return null;
  }
}

/** The key form's values; the amount is in the display unit (dollars or quota). */
export interface TokenFormValues {
  name: string;
  amount: number;
  unlimited_quota: boolean;
  /** null = never expires. */
  expires: Dayjs | null;
  group: string;
  allow_ips: string;
  deny_ips: string;
  model_limits_enabled: boolean;
  model_limits: string[];
  rate_limit_count: number;
  rate_limit_window_seconds: number;
  rate_limit_message: string;
  mj_setting: MjSetting;
  /** Requests in flight at once; 0 = no cap. */
  max_parallel: number;
  /** Groups tried in order after the key's own group. */
  fallback_groups: string[];
  /** Tokens per minute; 0 = no cap. */
  tpm_limit: number;
  /** Budget period; '' = none. */
  budget_period: '' | 'day' | 'week' | 'month';
  /** Quota per budget period. */
  budget_quota: number;
  count: number;
}

const emptyMj: MjSetting = {
  mode: '',
  image_proxy_mode: '',
  image_proxy_url: '',
  backup_pool: false,
};

/** The form for a new key, or for editing `item`. */
export function toFormValues(item: TokenItem | undefined, display: QuotaDisplay): TokenFormValues {
  const quota = item?.remain_quota ?? 0;
  return {
    name: item?.name ?? '',
    amount: display.displayInCurrency ? quotaToUnit(quota, display.quotaPerUnit) : quota,
    unlimited_quota: item?.unlimited_quota ?? true,
    expires: item && item.expired_time !== -1 ? dayjs.unix(item.expired_time) : null,
    group: item?.group ?? '',
    allow_ips: item?.allow_ips ?? '',
    deny_ips: item?.deny_ips ?? '',
    model_limits_enabled: item?.model_limits_enabled ?? false,
    model_limits: item?.model_limits ? item.model_limits.split(',').filter(Boolean) : [],
    rate_limit_count: item?.rate_limit_count ?? 0,
    rate_limit_window_seconds: item?.rate_limit_window_seconds || 60,
    rate_limit_message: item?.rate_limit_message ?? '',
    mj_setting: { ...emptyMj, ...item?.mj_setting },
    max_parallel: item?.max_parallel ?? 0,
    fallback_groups: item?.fallback_groups ? item.fallback_groups.split(',').filter(Boolean) : [],
    tpm_limit: item?.tpm_limit ?? 0,
    budget_period: (item?.budget_period ?? '') as TokenFormValues['budget_period'],
    budget_quota: item?.budget_quota ?? 0,
    count: 1,
  };
}

/**
 * The request body for the form's values: `count` only when creating; when editing, the quota
 * only if it was changed, with the value read (`original_remain_quota`), so saving another
 * field never resets what the key has spent since the form opened.
 */
export function toTokenRequest(
  values: TokenFormValues,
  display: QuotaDisplay,
  editing?: TokenItem,
): CreateTokenRequest & Pick<UpdateTokenRequest, 'original_remain_quota'> {
  const amount = Number(values.amount) || 0;
  const quota = display.displayInCurrency
    ? unitToQuota(amount, display.quotaPerUnit)
    : Math.round(amount);
  const quotaChanged = !editing || amount !== toFormValues(editing, display).amount;
  const body: CreateTokenRequest & Pick<UpdateTokenRequest, 'original_remain_quota'> = {
    name: values.name.trim(),
    ...(quotaChanged ? { remain_quota: quota } : {}),
    ...(editing && quotaChanged ? { original_remain_quota: editing.remain_quota } : {}),
    unlimited_quota: values.unlimited_quota,
    expired_time: values.expires ? values.expires.unix() : -1,
    group: values.group ?? '',
    allow_ips: values.allow_ips?.trim() ?? '',
    deny_ips: values.deny_ips?.trim() ?? '',
    model_limits_enabled: values.model_limits_enabled,
    model_limits: (values.model_limits ?? []).join(','),
    rate_limit_count: values.rate_limit_count ?? 0,
    rate_limit_window_seconds: values.rate_limit_window_seconds || 60,
    rate_limit_message: values.rate_limit_message?.trim() ?? '',
    mj_setting: { ...emptyMj, ...values.mj_setting },
    max_parallel: values.max_parallel ?? 0,
    fallback_groups: (values.fallback_groups ?? []).join(','),
    tpm_limit: values.tpm_limit ?? 0,
    budget_period: values.budget_period ?? '',
    budget_quota: values.budget_period ? (values.budget_quota ?? 0) : 0,
  };
  if (!editing) body.count = values.count || 1;
  return body;
}

/** A chat-client link with `{key}` and `{address}` filled in (the address URL-encoded). */
export function chatLinkFor(template: string, key: string, address: string): string {
  return template.replaceAll('{key}', key).replaceAll('{address}', encodeURIComponent(address));
}
