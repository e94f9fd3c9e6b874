import { z } from 'zod';

/** A chat client entry of `chats`: name → URL template with `{key}` and `{address}`. */
export const chatEntry = z.record(z.string(), z.string());

/** `GET /api/status` data: everything the console needs before sign-in. */
export const statusData = z.object({
  version: z.string(),
  /** Newest released version known to the server, for the "to be updated" badge. */
  latest_version: z.string(),
  rix_version_message: z.string(),
  start_time: z.number(),
  setup: z.boolean(),
  server_address: z.string(),
  system_name: z.string(),
  logo: z.string(),
  qrcode: z.string(),
  footer_html: z.string(),
  seo_description: z.string(),
  seo_keywords: z.string(),
  chat_link: z.string(),
  /** The drawing page /chat can switch to (when drawing is enabled); empty = none. */
  drawing_link: z.string(),
  /** Where users buy balance outside the gateway (root's top-up link); empty = not set. */
  top_up_link: z.string(),
  api_doc_link: z.string(),
  chats: z.array(chatEntry),
  quota_per_unit: z.number(),
  display_in_currency: z.boolean(),
  price: z.number(),
  EpayPayment: z.boolean(),
  PaymentMinAmount: z.number(),
  InvoiceMinAmount: z.number(),
  RechargeDiscount: z.string(),
  RechargeType: z.string(),
  enable_drawing: z.boolean(),
  enable_task: z.boolean(),
  enable_data_export: z.boolean(),
  data_export_default_time: z.enum(['hour', 'day', 'week']),
  default_collapse_sidebar: z.boolean(),
  enable_aff: z.boolean(),
  enable_checkin: z.boolean(),
  checkin_min_quota: z.number(),
  checkin_max_quota: z.number(),
  new_user_level: z.string(),
  rixapi_promax: z.boolean(),
  agent_page_enabled: z.boolean(),
  show_price_page_ratio: z.boolean(),
  mj_notify_enabled: z.boolean(),
  mj_relax_rate_limits: z.number(),
  mj_fast_rate_limits: z.number(),
  mj_turbo_rate_limits: z.number(),
  uptime_kuma_status: z.boolean(),
  uptime_kuma_open_option: z.boolean(),
  uptime_kuma_web_url: z.string(),
  uptime_kuma_uptime_url: z.string(),
  register_enabled: z.boolean(),
  password_login_enabled: z.boolean(),
  password_register_enabled: z.boolean(),
  email_verification: z.boolean(),
  github_oauth: z.boolean(),
  github_client_id: z.string(),
  linuxdo_oauth: z.boolean(),
  linuxdo_client_id: z.string(),
  /** Lowest linux.do trust level allowed to sign in. */
  linuxdo_minimum_trust_level: z.number(),
  /** Where the console sends visitors to authorize with GitHub (`?client_id=&state=` appended). */
  github_authorize_url: z.string(),
  /** Where the console sends visitors to authorize with linux.do. */
  linuxdo_authorize_url: z.string(),
  wechat_login: z.boolean(),
  wechat_qrcode: z.string(),
  turnstile_check: z.boolean(),
  turnstile_site_key: z.string(),
  /** Whether users can bind WxPusher (its app token is configured). */
  wxpusher_enabled: z.boolean(),
});
export type StatusData = z.infer<typeof statusData>;
