import { ChannelStatus, ChannelType, LogType, Role } from '@gateway/shared';
import type { Insertable } from 'kysely';
import type {
  ChannelsTable,
  LogsTable,
  OrdersTable,
  RedemptionsTable,
  TokensTable,
  UsersTable,
} from '../db/schema/index.js';
import { mapChannelType, type Flavor } from './flavors.js';
import type { SourceRow } from './source.js';

// Engines hand back a column as a number, a bigint string, a boolean or null; these read each
// the one way this gateway stores it.

/** An integer column (0 when empty or not a number). */
export function int(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** A text column ('' when null). */
export const text = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value as string);

/** A boolean column as 0/1. */
export const flag = (value: unknown): number =>
  value === true || value === 1 || value === '1' || value === 't' || value === 'true' ? 1 : 0;

/** A text column cut to the `length` characters its column here holds. */
const cut = (value: unknown, length: number): string => text(value).slice(0, length);

/** A text column whose empty value is null here (unique columns). */
const nullable = (value: unknown, length: number): string | null => cut(value, length) || null;

/** Whether a row is soft-deleted (GORM's `deleted_at`). */
export const isDeleted = (row: SourceRow): boolean =>
  row.deleted_at !== null && row.deleted_at !== undefined;

/** A user's role here: guests and users are users; admins and root keep their rank. */
export function roleOf(sourceRole: number): number {
  if (sourceRole >= Role.root) return Role.root;
  if (sourceRole >= Role.admin) return Role.admin;
  return Role.user;
}

/** A user's columns here. Balances start at 0: the ledger credits them with their rows. */
export function userValues(row: SourceRow, now: number): Insertable<UsersTable> {
  return {
    username: text(row.username),
    // bcrypt as one-api and new-api store it: sign-in checks it and replaces it with argon2id.
    password_hash: text(row.password),
    display_name: cut(row.display_name, 64),
    role: roleOf(int(row.role)),
    status: int(row.status) === 1 ? 1 : 2,
    email: nullable(row.email, 255),
    github_id: nullable(row.github_id, 64),
    wechat_id: nullable(row.wechat_id, 64),
    linuxdo_id: nullable(row.linux_do_id, 64),
    access_token: nullable(row.access_token, 64),
    quota: 0,
    aff_quota: 0,
    used_quota: Math.max(0, int(row.used_quota)),
    request_count: Math.max(0, int(row.request_count)),
    group: cut(row.group, 64) || 'default',
    aff_code: nullable(row.aff_code, 32),
    aff_count: Math.max(0, int(row.aff_count)),
    aff_history_quota: Math.max(0, int(row.aff_history ?? row.aff_history_quota)),
    remark: cut(row.remark, 255),
    created_at: int(row.created_at) || now,
    last_login_at: int(row.last_login_at),
  };
}

/** One IP or CIDR per line, from new-api's list (lines, commas or spaces). */
const ipLines = (value: unknown): string =>
  text(value)
    .split(/[\s,]+/)
    .filter(Boolean)
    .join('\n');

/** A key's columns here, owned by `userId`; its quota starts at 0 (the ledger credits it). */
export function tokenValues(row: SourceRow, userId: number): Insertable<TokensTable> {
  return {
    user_id: userId,
    key: text(row.key).replace(/^sk-/, ''),
    name: cut(row.name, 64),
    status: [1, 2, 3, 4].includes(int(row.status)) ? int(row.status) : 2,
    created_time: int(row.created_time),
    accessed_time: int(row.accessed_time),
    expired_time: int(row.expired_time ?? -1) || -1,
    remain_quota: 0,
    used_quota: Math.max(0, int(row.used_quota)),
    unlimited_quota: flag(row.unlimited_quota),
    model_limits_enabled: flag(row.model_limits_enabled),
    model_limits: text(row.model_limits),
    allow_ips: ipLines(row.allow_ips ?? row.subnet),
    deny_ips: '',
    group: cut(row.group, 64),
  };
}

/** Parses a JSON object column, or `{}`. */
function jsonObject(value: unknown): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text(value) || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** A JSON object column as text here ('' when empty or not an object). */
function jsonText(value: unknown): string {
  const object = jsonObject(value);
  return Object.keys(object).length ? JSON.stringify(object) : '';
}

/** A channel's columns here, and why it was disabled when its type has no counterpart. */
export function channelValues(
  row: SourceRow,
  flavor: Flavor,
  served: ReadonlySet<number>,
): { values: Insertable<ChannelsTable>; note?: string } {
  const sourceType = int(row.type);
  const mapped = mapChannelType(flavor, sourceType);
  const type = mapped.type !== null && served.has(mapped.type) ? mapped.type : null;
  const setting = jsonObject(row.setting);
  if (text(row.openai_organization)) setting.organization = text(row.openai_organization);
  const status = int(row.status);
  const values: Insertable<ChannelsTable> = {
    type: type ?? ChannelType.custom,
    key: text(row.key),
    status: type === null ? ChannelStatus.manuallyDisabled : status,
    name: cut(row.name, 128),
    weight: Math.max(0, int(row.weight)),
    priority: int(row.priority),
    created_time: int(row.created_time),
    test_time: int(row.test_time),
    response_time: Math.max(0, int(row.response_time)),
    base_url: cut(row.base_url, 512) || mapped.baseUrl || '',
    other: cut(row.other, 512),
    balance: Number(row.balance ?? 0) || 0,
    balance_updated_time: int(row.balance_updated_time),
    models: text(row.models),
    group: cut(row.group, 255) || 'default',
    used_quota: Math.max(0, int(row.used_quota)),
    model_mapping: jsonText(row.model_mapping),
    status_code_mapping: jsonText(row.status_code_mapping).slice(0, 1024),
    auto_ban: row.auto_ban === undefined || row.auto_ban === null ? 1 : flag(row.auto_ban),
    other_info: jsonText(row.other_info).slice(0, 1024) || '{}',
    tag: cut(row.tag, 64),
    setting: Object.keys(setting).length ? JSON.stringify(setting) : '',
    test_model: cut(row.test_model, 128),
    remark: cut(row.remark, 255),
  };
  if (type !== null) return { values };
  const note = `type ${sourceType} has no counterpart here: imported disabled as a custom channel`;
  return { values: { ...values, remark: note.slice(0, 255) }, note };
}

/** A redemption code's columns here, or null when its key is not a code this gateway takes. */
export function redemptionValues(
  row: SourceRow,
  creatorId: number,
  usedBy: number,
): Insertable<RedemptionsTable> | null {
  const key = text(row.key).toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(key)) return null;
  return {
    user_id: creatorId,
    key,
    status: [1, 2, 3].includes(int(row.status)) ? int(row.status) : 2,
    name: cut(row.name, 20),
    quota: Math.max(0, int(row.quota)),
    created_time: int(row.created_time),
    redeemed_time: int(row.redeemed_time),
    used_user_id: usedBy,
    expired_time: Math.max(0, int(row.expired_time)),
  };
}

/** new-api's top-up states as order states here. */
const orderStatus: Record<string, string> = {
  success: 'paid',
  failed: 'failed',
  expired: 'closed',
  // A pending payment of the old gateway can no longer be completed here.
  pending: 'closed',
};

/**
 * A new-api top-up as an order here (already credited: importing it moves no balance).
 * `quotaPerUnit` is the source's quota per USD; EPay is paid in yuan, Stripe in dollars.
 */
export function orderValues(
  row: SourceRow,
  userId: number,
  quotaPerUnit: number,
): Insertable<OrdersTable> {
  const method = text(row.payment_method);
  const provider = text(row.payment_provider) || (method === 'stripe' ? 'stripe' : 'epay');
  const amount = Math.max(0, int(row.amount));
  return {
    trade_no: cut(row.trade_no, 64),
    user_id: userId,
    gateway_id: 0,
    provider: provider.slice(0, 16),
    payment_type: method.slice(0, 32),
    amount,
    currency: provider === 'stripe' ? 'USD' : 'CNY',
    money_minor: Math.round((Number(row.money ?? 0) || 0) * 100),
    quota: Math.round(amount * quotaPerUnit),
    status: orderStatus[text(row.status)] ?? 'closed',
    note: 'imported',
    created_at: int(row.create_time),
    paid_at: text(row.status) === 'success' ? int(row.complete_time) : 0,
  };
}

/** Log types this gateway keeps (1 top-up … 6 refund); others become system lines. */
const logTypes = new Set<number>(Object.values(LogType));

/**
 * A log line here. one-api measures its time in milliseconds (`elapsed_time`), new-api in
 * seconds (`use_time`); here it is milliseconds.
 */
export function logValues(
  row: SourceRow,
  ids: { userId: number; tokenId: number; channelId: number },
): Insertable<LogsTable> {
  const type = int(row.type);
  const useTime =
    row.use_time !== undefined ? int(row.use_time) * 1000 : Math.max(0, int(row.elapsed_time));
  return {
    user_id: ids.userId,
    created_at: int(row.created_at),
    type: logTypes.has(type) ? type : LogType.system,
    content: text(row.content),
    username: cut(row.username, 64),
    token_id: ids.tokenId,
    token_name: cut(row.token_name, 64),
    model_name: cut(row.model_name, 128),
    quota: int(row.quota),
    prompt_tokens: Math.max(0, int(row.prompt_tokens)),
    completion_tokens: Math.max(0, int(row.completion_tokens)),
    use_time: Math.max(0, useTime),
    is_stream: flag(row.is_stream),
    channel_id: ids.channelId,
    group: cut(row.group, 64),
    ip: cut(row.ip, 64),
    request_id: cut(row.request_id, 64),
    other: text(row.other) || '{}',
  };
}
