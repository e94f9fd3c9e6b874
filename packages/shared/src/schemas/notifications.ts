import { z } from 'zod';
import { pageOf, pageQuery } from './common.js';

/** What a user can be told about (root also about channels and withdrawal requests). */
export const notificationEvents = [
  'low_balance',
  'quota_exhausted',
  'topup',
  'order',
  'invoice',
  'channel',
  'withdrawal',
  'budget',
  'payment',
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];
/** Events only root hears about. */
export const rootOnlyEvents: readonly NotificationEvent[] = ['channel', 'withdrawal'];
/**
 * Events only finance staff and above hear about: payment incidents (a payment after its order
 * closed, a wrong amount, refunds and disputes).
 */
export const financeEvents: readonly NotificationEvent[] = ['payment'];

/** How a user is told. */
export const notificationMethods = ['email', 'wxpusher', 'wecom', 'dingtalk', 'webhook'] as const;
export type NotificationMethod = (typeof notificationMethods)[number];

const httpUrl = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), 'notify_url_invalid');
const list = (max: number, item: z.ZodType<string>) => z.array(item).max(max).default([]);

/**
 * A user's notification settings. Secrets (the DingTalk signing key, the webhook token) are
 * never returned: they come back empty and an empty one keeps the stored value.
 */
export const notificationPrefs = z.object({
  method: z.enum(notificationMethods).default('email'),
  events: z.array(z.enum(notificationEvents)).max(notificationEvents.length).default([]),
  /** Alert below this balance (quota); 0 = the site's `QuotaRemindThreshold`. */
  warning_quota: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  /** E-mail: another address than the account's. */
  email: z
    .string()
    .trim()
    .max(255)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'email_invalid')
    .default(''),
  /** WxPusher: extra open_id (uid) targets besides the bound account. */
  open_ids: list(20, z.string().trim().min(1).max(64)),
  /** WeCom group robot webhook URL. */
  wecom_url: httpUrl.default(''),
  /** WeCom: mobile numbers to mention. */
  wecom_mobiles: list(
    20,
    z
      .string()
      .trim()
      .regex(/^\+?\d{5,20}$|^@all$/, 'notify_mobile_invalid'),
  ),
  /** DingTalk robot webhook URL, its `SEC…` signing key and mobile numbers to @. */
  dingtalk_url: httpUrl.default(''),
  dingtalk_secret: z.string().trim().max(200).default(''),
  dingtalk_mobiles: list(
    20,
    z
      .string()
      .trim()
      .regex(/^\+?\d{5,20}$/, 'notify_mobile_invalid'),
  ),
  /** Webhook: URL and bearer token (also the HMAC key of `X-Webhook-Signature`). */
  webhook_url: httpUrl.default(''),
  webhook_token: z.string().trim().max(200).default(''),
});
export type NotificationPrefs = z.output<typeof notificationPrefs>;
export type NotificationPrefsInput = z.input<typeof notificationPrefs>;

/** `GET /api/user/notification`: the settings, with which secrets are stored. */
export const notificationSettings = notificationPrefs.extend({
  has_dingtalk_secret: z.boolean(),
  has_webhook_token: z.boolean(),
  /** Whether the account has a WxPusher binding (needed by that method). */
  wxpusher_bound: z.boolean(),
  /** The warning quota that applies when `warning_quota` is 0. */
  default_warning_quota: z.number().int(),
});
export type NotificationSettings = z.output<typeof notificationSettings>;

export const notificationStatuses = ['pending', 'sent', 'failed'] as const;

/** One queued, sent or failed notification. */
export const notificationItem = z.object({
  id: z.number().int(),
  event: z.string(),
  method: z.string(),
  title: z.string(),
  content: z.string(),
  status: z.enum(notificationStatuses),
  attempts: z.number().int(),
  last_error: z.string(),
  created_at: z.number().int(),
  sent_at: z.number().int(),
});
export type NotificationItem = z.output<typeof notificationItem>;
export const notificationPage = pageOf(notificationItem);
export const notificationListQuery = pageQuery;
