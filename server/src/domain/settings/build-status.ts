import type { StatusData } from '@gateway/shared';
import * as auth from '../../config/settings/groups/auth.js';
import * as g from '../../config/settings/groups/general.js';
import { wxPusherAppToken } from '../../config/settings/groups/wxpusher.js';
import type { Settings } from '../../config/settings/store.js';

/** What the status object needs beyond the settings. */
export interface StatusFacts {
  /** Installed version. */
  version: string;
  /** Unix seconds when this process started. */
  startTime: number;
  /** Whether the root account exists. */
  setup: boolean;
}

/** Assembles `GET /api/status` from the current settings; pure and cheap. */
export function buildStatus(settings: Settings, facts: StatusFacts): StatusData {
  const get = settings.get.bind(settings);
  return {
    version: facts.version,
    latest_version: get(g.latestVersion),
    rix_version_message: '',
    start_time: facts.startTime,
    setup: facts.setup,
    server_address: get(g.serverAddress),
    system_name: get(g.systemName),
    logo: get(g.logo),
    qrcode: get(g.qrCode),
    footer_html: get(g.footer),
    seo_description: get(g.seoDescription),
    seo_keywords: get(g.seoKeywords),
    chat_link: get(g.chatLink),
    drawing_link: get(g.drawingLink),
    top_up_link: get(g.topUpLink),
    api_doc_link: get(g.apiDocLink),
    chats: get(g.chats),
    quota_per_unit: get(g.quotaPerUnit),
    display_in_currency: get(g.displayInCurrency),
    price: get(g.price),
    EpayPayment: isEpayConfigured(settings),
    PaymentMinAmount: get(g.paymentMinAmount),
    InvoiceMinAmount: get(g.invoiceMinAmount),
    RechargeDiscount: JSON.stringify(get(g.rechargeDiscount)),
    RechargeType: get(g.rechargeType),
    enable_drawing: get(g.drawingEnabled),
    enable_task: get(g.taskEnabled),
    enable_data_export: get(g.dataExportEnabled),
    data_export_default_time: get(
      g.dataExportDefaultTime,
    ) as StatusData['data_export_default_time'],
    default_collapse_sidebar: get(g.defaultCollapseSidebar),
    enable_aff: get(g.affEnabled),
    enable_checkin: get(g.checkinEnabled),
    checkin_min_quota: get(g.checkinMinQuota),
    checkin_max_quota: get(g.checkinMaxQuota),
    new_user_level: get(g.newUserLevel),
    rixapi_promax: get(g.rixApiProMax),
    agent_page_enabled: get(g.agentPageEnabled),
    show_price_page_ratio: get(g.showPricePageRatio),
    mj_notify_enabled: get(g.mjNotifyEnabled),
    mj_relax_rate_limits: get(g.mjRelaxRateLimits),
    mj_fast_rate_limits: get(g.mjFastRateLimits),
    mj_turbo_rate_limits: get(g.mjTurboRateLimits),
    uptime_kuma_status: get(g.uptimeKumaEnabled),
    uptime_kuma_open_option: get(g.uptimeKumaOpenOption),
    uptime_kuma_web_url: get(g.uptimeKumaWebUrl),
    uptime_kuma_uptime_url: get(g.uptimeKumaUptimeUrl),
    register_enabled: get(auth.registerEnabled),
    password_login_enabled: get(auth.passwordLoginEnabled),
    password_register_enabled: get(auth.passwordRegisterEnabled),
    email_verification: get(auth.emailVerificationEnabled),
    github_oauth: get(auth.gitHubOAuthEnabled),
    github_client_id: get(auth.gitHubClientId),
    linuxdo_oauth: get(auth.linuxDoOAuthEnabled),
    linuxdo_client_id: get(auth.linuxDoClientId),
    linuxdo_minimum_trust_level: get(auth.linuxDoMinimumTrustLevel),
    github_authorize_url: `${get(auth.gitHubOAuthBaseUrl)}/login/oauth/authorize`,
    linuxdo_authorize_url: get(auth.linuxDoAuthorizeEndpoint),
    wechat_login: get(auth.weChatAuthEnabled),
    wechat_qrcode: get(auth.weChatAccountQrCodeImageUrl),
    turnstile_check: get(auth.turnstileCheckEnabled),
    turnstile_site_key: get(auth.turnstileSiteKey),
    wxpusher_enabled: get(wxPusherAppToken).trim() !== '',
  };
}

/** EPay counts as configured once its gateway address and merchant id are stored. */
function isEpayConfigured(settings: Settings): boolean {
  // The payment group arrives with the billing issue; read the raw keys until then.
  return Boolean(settings.rawValue('PayAddress')?.trim() && settings.rawValue('EpayId')?.trim());
}
