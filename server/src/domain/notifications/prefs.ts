import {
  notificationPrefs,
  type NotificationPrefs,
  type NotificationPrefsInput,
  type NotificationSettings,
} from '@gateway/shared';
import { quotaRemindThreshold } from '../../config/settings/groups/quota.js';
import type { NotifyContext } from './notify-context.js';
import { findPrefs, savePrefs, type NotificationPrefsRow } from '../../db/queries/notifications.js';
import { findUserFields } from '../../db/queries/users.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';

/** Events a user hears about before choosing any. */
export const defaultEvents: NotificationPrefs['events'] = [
  'low_balance',
  'quota_exhausted',
  'channel',
  'budget',
  'payment',
];

/** The stored settings in their checked form (a damaged row reads as the defaults). */
export function toPrefs(row: NotificationPrefsRow | undefined): NotificationPrefs | null {
  if (!row) return null;
  let config: unknown = {};
  let events: unknown = [];
  try {
    config = JSON.parse(row.config);
    events = JSON.parse(row.events);
  } catch {
    // fall through to the defaults below
  }
  const parsed = notificationPrefs.safeParse({
    ...(config as object),
    method: row.method,
    events,
    warning_quota: Number(row.warning_quota),
  });
  return parsed.success ? parsed.data : notificationPrefs.parse({});
}

/** A user's settings for the console: secrets left out, and whether each is stored. */
export async function notificationSettingsOf(
  ctx: NotifyContext,
  user: { id: number; wxpusher_uid?: string | null },
): Promise<NotificationSettings> {
  const prefs = toPrefs(await findPrefs(ctx.db, user.id)) ?? {
    ...notificationPrefs.parse({}),
    events: defaultEvents,
  };
  const account = await findUserFields(ctx.db, user.id, ['wxpusher_uid']);
  return {
    ...prefs,
    dingtalk_secret: '',
    webhook_token: '',
    has_dingtalk_secret: prefs.dingtalk_secret !== '',
    has_webhook_token: prefs.webhook_token !== '',
    wxpusher_bound: Boolean(account?.wxpusher_uid),
    default_warning_quota: ctx.settings.get(quotaRemindThreshold),
  };
}

/** Saves a user's settings; an empty secret keeps the stored one. */
export async function saveNotificationSettings(
  ctx: NotifyContext,
  userId: number,
  input: NotificationPrefsInput,
): Promise<void> {
  const next = notificationPrefs.parse(input);
  const stored = toPrefs(await findPrefs(ctx.db, userId));
  if (!next.dingtalk_secret && stored) next.dingtalk_secret = stored.dingtalk_secret;
  if (!next.webhook_token && stored) next.webhook_token = stored.webhook_token;
  const account = await findUserFields(ctx.db, userId, ['email', 'wxpusher_uid']);
  const reachable = {
    email: Boolean(next.email || account?.email),
    wxpusher: Boolean(account?.wxpusher_uid) || next.open_ids.length > 0,
    wecom: Boolean(next.wecom_url),
    dingtalk: Boolean(next.dingtalk_url),
    webhook: Boolean(next.webhook_url),
  }[next.method];
  if (!reachable) throw new AppError('notify_target_required');
  const { method, events, warning_quota, ...config } = next;
  await savePrefs(ctx.db, {
    user_id: userId,
    method,
    events: JSON.stringify(events),
    warning_quota,
    config: JSON.stringify(config),
    updated_at: nowSeconds(),
  });
}
