/**
 * The settings catalogue: every admin-editable setting's stored key, kind, bounds, group and
 * secret flag, declared once. The server validates and stores settings by it (its typed
 * definitions in `server/src/config/settings/groups/` add defaults and value rules); the
 * console's settings forms render their inputs, bounds and secret handling from it.
 */

/** How a setting's value is stored and edited. */
export type SettingKind = 'text' | 'flag' | 'number' | 'json';

/** The server's setting groups (one file each under `config/settings/groups/`). */
export type SettingGroup =
  | 'general'
  | 'content'
  | 'logs'
  | 'operation'
  | 'billing'
  | 'auth'
  | 'quota'
  | 'email'
  | 'wxpusher';

/** One setting of the catalogue. */
export interface SettingSpec {
  kind: SettingKind;
  group: SettingGroup;
  /** Never listed by `GET /api/option/`; an empty input in the console keeps the stored value. */
  secret?: boolean;
  /** Smallest number accepted (numbers). */
  min?: number;
  /** Largest number accepted (numbers); `Number.MAX_SAFE_INTEGER` when absent. */
  max?: number;
  /** `false` when a number may have decimals; whole numbers otherwise. */
  int?: boolean;
  /** The values a text setting may take, when it is a choice. */
  options?: readonly string[];
}

/** Every setting by stored key. */
export const settingCatalogue = {
  // general
  AffEnabled: { kind: 'flag', group: 'general' },
  AgentPageEnabled: { kind: 'flag', group: 'general' },
  ApiDocLink: { kind: 'text', group: 'general' },
  ChatLink: { kind: 'text', group: 'general' },
  Chats: { kind: 'json', group: 'general' },
  CheckinEnabled: { kind: 'flag', group: 'general' },
  CheckinMaxQuota: { kind: 'number', group: 'general', min: 0 },
  CheckinMinQuota: { kind: 'number', group: 'general', min: 0 },
  DataExportDefaultTime: { kind: 'text', group: 'general', options: ['hour', 'day', 'week'] },
  DataExportEnabled: { kind: 'flag', group: 'general' },
  DataExportInterval: { kind: 'number', group: 'general', min: 1, max: 1440 },
  DefaultCollapseSidebar: { kind: 'flag', group: 'general' },
  DisplayInCurrencyEnabled: { kind: 'flag', group: 'general' },
  DrawingEnabled: { kind: 'flag', group: 'general' },
  DrawingLink: { kind: 'text', group: 'general' },
  Footer: { kind: 'text', group: 'general' },
  InvoiceCurrency: { kind: 'text', group: 'general' },
  InvoiceForbiddenWords: { kind: 'text', group: 'general' },
  InvoiceMinAmount: { kind: 'number', group: 'general', min: 0, int: false },
  LatestVersion: { kind: 'text', group: 'general' },
  LogConsumeEnabled: { kind: 'flag', group: 'general' },
  Logo: { kind: 'text', group: 'general' },
  MjAccountFilterEnabled: { kind: 'flag', group: 'general' },
  MjActionCheckSuccessEnabled: { kind: 'flag', group: 'general' },
  MjFastRateLimits: { kind: 'number', group: 'general', min: 0 },
  MjForwardUrlEnabled: { kind: 'flag', group: 'general' },
  MjModeClearEnabled: { kind: 'flag', group: 'general' },
  MjNotifyEnabled: { kind: 'flag', group: 'general' },
  MjRelaxRateLimits: { kind: 'number', group: 'general', min: 0 },
  MjTurboRateLimits: { kind: 'number', group: 'general', min: 0 },
  NewUserLevel: { kind: 'text', group: 'general' },
  OrderWindowMinutes: { kind: 'number', group: 'general', min: 31, max: 1440 },
  PaymentMinAmount: { kind: 'number', group: 'general', min: 0, int: false },
  Price: { kind: 'number', group: 'general', min: 0, int: false },
  QRCode: { kind: 'text', group: 'general' },
  QuotaPerUnit: { kind: 'number', group: 'general', min: 1, int: false },
  RechargeDiscount: { kind: 'json', group: 'general' },
  RechargeType: { kind: 'text', group: 'general' },
  RixApiProMax: { kind: 'flag', group: 'general' },
  SeoDescription: { kind: 'text', group: 'general' },
  SeoKeywords: { kind: 'text', group: 'general' },
  ServerAddress: { kind: 'text', group: 'general' },
  ShowPricePageRatio: { kind: 'flag', group: 'general' },
  SystemName: { kind: 'text', group: 'general' },
  TaskEnabled: { kind: 'flag', group: 'general' },
  TaskPollIntervalSeconds: { kind: 'number', group: 'general', min: 1, max: 3600 },
  TaskTimeoutMinutes: { kind: 'number', group: 'general', min: 0, max: 10080 },
  TopUpLink: { kind: 'text', group: 'general' },
  UptimeKumaEnabled: { kind: 'flag', group: 'general' },
  UptimeKumaOpenOption: { kind: 'flag', group: 'general' },
  UptimeKumaUptimeUrl: { kind: 'text', group: 'general' },
  UptimeKumaWebUrl: { kind: 'text', group: 'general' },
  // content
  About: { kind: 'text', group: 'content' },
  CustomCSS: { kind: 'text', group: 'content' },
  CustomJavaScript: { kind: 'text', group: 'content' },
  FAQ: { kind: 'json', group: 'content' },
  Guide: { kind: 'text', group: 'content' },
  HomePageContent: { kind: 'text', group: 'content' },
  Notice: { kind: 'text', group: 'content' },
  // logs
  LogRetentionDays: { kind: 'number', group: 'logs', min: 0, max: 36500 },
  // operation
  AutomaticDisableChannelEnabled: { kind: 'flag', group: 'operation' },
  AutomaticDisableKeywords: { kind: 'text', group: 'operation' },
  AutomaticDisableStatusCodes: { kind: 'text', group: 'operation' },
  AutomaticEnableChannelEnabled: { kind: 'flag', group: 'operation' },
  AutomaticRetryStatusCodes: { kind: 'text', group: 'operation' },
  ChannelDisableThreshold: { kind: 'number', group: 'operation', min: 0, int: false },
  ChannelErrorRateMinRequests: { kind: 'number', group: 'operation', min: 1, max: 100000 },
  ChannelErrorRateThreshold: { kind: 'number', group: 'operation', min: 0, max: 1, int: false },
  ChannelErrorRateWindowSeconds: { kind: 'number', group: 'operation', min: 10, max: 86400 },
  ChannelRecoverySeconds: { kind: 'number', group: 'operation', min: 10, max: 86400 },
  MaxUserTokens: { kind: 'number', group: 'operation', min: 1, max: 100000 },
  ModelRequestRateLimitCount: { kind: 'number', group: 'operation', min: 0, max: 100000000 },
  ModelRequestRateLimitDurationMinutes: { kind: 'number', group: 'operation', min: 1, max: 1440 },
  ModelRequestRateLimitEnabled: { kind: 'flag', group: 'operation' },
  ModelRequestRateLimitGroup: { kind: 'json', group: 'operation' },
  ModelFallbacks: { kind: 'json', group: 'operation' },
  StickyRoutingEnabled: { kind: 'flag', group: 'operation' },
  FetchAllowedHosts: { kind: 'text', group: 'operation' },
  StickyRoutingRules: { kind: 'json', group: 'operation' },
  ModelRequestRateLimitSuccessCount: { kind: 'number', group: 'operation', min: 1, max: 100000000 },
  NotifyPrivateAddresses: { kind: 'flag', group: 'operation' },
  RetryTimes: { kind: 'number', group: 'operation', min: 0, max: 10 },
  UserUsableGroups: { kind: 'json', group: 'operation' },
  // billing
  AudioCompletionRatio: { kind: 'json', group: 'billing' },
  AudioRatio: { kind: 'json', group: 'billing' },
  CacheRatio: { kind: 'json', group: 'billing' },
  CompletionRatio: { kind: 'json', group: 'billing' },
  ModelPriceTiers: { kind: 'json', group: 'billing' },
  BudgetTimeZone: { kind: 'text', group: 'quota' },
  BudgetAlertPercent: { kind: 'number', group: 'quota', min: 0, max: 100 },
  CreateCacheRatio: { kind: 'json', group: 'billing' },
  DisplayTokenStatEnabled: { kind: 'flag', group: 'billing' },
  ErrorLogEnabled: { kind: 'flag', group: 'billing' },
  GroupGroupRatio: { kind: 'json', group: 'billing' },
  GroupRatio: { kind: 'json', group: 'billing' },
  ImageRatio: { kind: 'json', group: 'billing' },
  ModelPrice: { kind: 'json', group: 'billing' },
  ModelRatio: { kind: 'json', group: 'billing' },
  PreConsumedMaxTokens: { kind: 'number', group: 'billing', min: 0 },
  SelfUseModeEnabled: { kind: 'flag', group: 'billing' },
  // auth
  EmailAliasRestrictionEnabled: { kind: 'flag', group: 'auth' },
  EmailDomainRestrictionEnabled: { kind: 'flag', group: 'auth' },
  EmailDomainWhitelist: { kind: 'text', group: 'auth' },
  EmailVerificationEnabled: { kind: 'flag', group: 'auth' },
  GitHubApiBaseUrl: { kind: 'text', group: 'auth' },
  GitHubClientId: { kind: 'text', group: 'auth' },
  GitHubClientSecret: { kind: 'text', group: 'auth', secret: true },
  GitHubOAuthBaseUrl: { kind: 'text', group: 'auth' },
  GitHubOAuthEnabled: { kind: 'flag', group: 'auth' },
  LinuxDOAuthorizeEndpoint: { kind: 'text', group: 'auth' },
  LinuxDOClientId: { kind: 'text', group: 'auth' },
  LinuxDOClientSecret: { kind: 'text', group: 'auth', secret: true },
  LinuxDOMinimumTrustLevel: { kind: 'number', group: 'auth', min: 0, max: 4 },
  LinuxDOOAuthEnabled: { kind: 'flag', group: 'auth' },
  LinuxDOTokenEndpoint: { kind: 'text', group: 'auth' },
  LinuxDOUserEndpoint: { kind: 'text', group: 'auth' },
  LoginRateLimit: { kind: 'number', group: 'auth', min: 1, max: 100000 },
  PasswordLoginEnabled: { kind: 'flag', group: 'auth' },
  PasswordRegisterEnabled: { kind: 'flag', group: 'auth' },
  RegisterEnabled: { kind: 'flag', group: 'auth' },
  RegisterRateLimit: { kind: 'number', group: 'auth', min: 1, max: 100000 },
  TurnstileCheckEnabled: { kind: 'flag', group: 'auth' },
  TurnstileSecretKey: { kind: 'text', group: 'auth', secret: true },
  TurnstileSiteKey: { kind: 'text', group: 'auth' },
  TurnstileVerifyUrl: { kind: 'text', group: 'auth' },
  WeChatAccountQRCodeImageURL: { kind: 'text', group: 'auth' },
  WeChatAuthEnabled: { kind: 'flag', group: 'auth' },
  WeChatServerAddress: { kind: 'text', group: 'auth' },
  WeChatServerToken: { kind: 'text', group: 'auth', secret: true },
  // quota
  PreConsumedQuota: { kind: 'number', group: 'quota', min: 0 },
  QuotaForInvitee: { kind: 'number', group: 'quota', min: 0 },
  QuotaForInviter: { kind: 'number', group: 'quota', min: 0 },
  QuotaForNewUser: { kind: 'number', group: 'quota', min: 0 },
  QuotaRemindThreshold: { kind: 'number', group: 'quota', min: 0 },
  // email
  EmailCodeTTLMinutes: { kind: 'number', group: 'email', min: 1, max: 1440 },
  ResetLinkTTLMinutes: { kind: 'number', group: 'email', min: 1, max: 1440 },
  SMTPAccount: { kind: 'text', group: 'email' },
  SMTPForceAuthLogin: { kind: 'flag', group: 'email' },
  SMTPFrom: { kind: 'text', group: 'email' },
  SMTPPort: { kind: 'number', group: 'email', min: 1, max: 65535 },
  SMTPServer: { kind: 'text', group: 'email' },
  SMTPSSLEnabled: { kind: 'flag', group: 'email' },
  SMTPToken: { kind: 'text', group: 'email', secret: true },
  SMTPVerifyCertificate: { kind: 'flag', group: 'email' },
  // wxpusher
  WxPusherAppToken: { kind: 'text', group: 'wxpusher', secret: true },
  WxPusherBaseUrl: { kind: 'text', group: 'wxpusher' },
} as const satisfies Record<string, SettingSpec>;

/** The stored key of a known setting. */
export type SettingKey = keyof typeof settingCatalogue;

/** The bounds of a number setting, with the safe-integer ceiling applied. */
export function settingBounds(spec: SettingSpec): { min: number; max: number; int: boolean } {
  return {
    min: spec.min ?? Number.MIN_SAFE_INTEGER,
    max: spec.max ?? Number.MAX_SAFE_INTEGER,
    int: spec.int ?? true,
  };
}
