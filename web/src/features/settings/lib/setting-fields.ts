export type { FieldDef, SectionDef } from './field-defs';
import { field, type SectionDef } from './field-defs';
import { signInSections } from './signin-fields';

export type TabId = 'general' | 'operation' | 'personalization' | 'other';

/** The four tabs of `/setting` and the settings each one edits. */
export const settingTabs: Record<TabId, SectionDef[]> = {
  general: [
    { id: 'site', fields: [field('SystemName'), field('Logo'), field('ServerAddress')] },
    {
      id: 'links',
      fields: [field('ChatLink'), field('DrawingLink'), field('ApiDocLink'), field('TopUpLink')],
    },
    { id: 'currency', fields: [field('QuotaPerUnit'), field('DisplayInCurrencyEnabled')] },
    {
      id: 'payments',
      fields: [
        field('PaymentMinAmount'),
        field('RechargeDiscount', { json: 'ratioMap' }),
        field('OrderWindowMinutes'),
        field('RixApiProMax'),
        field('InvoiceMinAmount'),
        field('InvoiceCurrency'),
        field('InvoiceForbiddenWords'),
      ],
    },
    {
      id: 'login',
      fields: [
        field('PasswordLoginEnabled', { confirmOff: true }),
        field('PasswordRegisterEnabled'),
        field('RegisterEnabled'),
        field('EmailVerificationEnabled'),
        field('GitHubOAuthEnabled'),
        field('LinuxDOOAuthEnabled'),
        field('WeChatAuthEnabled'),
        field('TurnstileCheckEnabled'),
      ],
    },
    {
      id: 'providers',
      fields: [
        field('GitHubClientId'),
        field('GitHubClientSecret'),
        field('LinuxDOClientId'),
        field('LinuxDOClientSecret'),
        field('WeChatServerAddress'),
        field('WeChatServerToken'),
        field('WeChatAccountQRCodeImageURL'),
        field('TurnstileSiteKey'),
        field('TurnstileSecretKey'),
      ],
    },
    ...signInSections,
  ],
  operation: [
    {
      id: 'quota',
      fields: [
        field('QuotaForNewUser'),
        field('QuotaForInviter'),
        field('QuotaForInvitee'),
        field('QuotaRemindThreshold'),
        field('PreConsumedQuota'),
        field('BudgetTimeZone'),
        field('BudgetAlertPercent'),
      ],
    },
    {
      id: 'channels',
      fields: [
        field('RetryTimes'),
        field('ChannelDisableThreshold'),
        field('AutomaticDisableChannelEnabled'),
        field('AutomaticEnableChannelEnabled'),
        field('ChannelErrorRateThreshold'),
        field('ChannelErrorRateWindowSeconds'),
        field('ChannelErrorRateMinRequests'),
        field('ChannelRecoverySeconds'),
      ],
    },
    {
      id: 'features',
      fields: [
        field('DrawingEnabled'),
        field('TaskEnabled'),
        field('MjNotifyEnabled'),
        field('MjForwardUrlEnabled'),
        field('MjActionCheckSuccessEnabled'),
        field('MjModeClearEnabled'),
        field('MjAccountFilterEnabled'),
        field('TaskTimeoutMinutes'),
        field('TaskPollIntervalSeconds'),
        field('LogConsumeEnabled'),
        field('DataExportEnabled'),
        field('DataExportDefaultTime'),
        field('DataExportInterval'),
        field('CheckinEnabled'),
        field('CheckinMinQuota'),
        field('CheckinMaxQuota'),
        field('AffEnabled'),
        field('NotifyPrivateAddresses'),
        field('FetchAllowedHosts', { kind: 'textarea' }),
      ],
    },
    {
      id: 'routing',
      fields: [
        field('ModelFallbacks', { json: 'fallbackMap' }),
        field('StickyRoutingEnabled'),
        field('StickyRoutingRules', { json: 'stickyRules' }),
        field('ModelPriceTiers', { json: 'priceTiers' }),
      ],
    },
    {
      id: 'ratios',
      fields: [
        field('ModelRatio', { json: 'ratioMap' }),
        field('CompletionRatio', { json: 'ratioMap' }),
        field('ModelPrice', { json: 'ratioMap' }),
        field('GroupRatio', { json: 'ratioMap' }),
      ],
    },
  ],
  personalization: [
    {
      id: 'appearance',
      fields: [
        field('DefaultCollapseSidebar'),
        field('QRCode'),
        field('Footer', { kind: 'textarea' }),
      ],
    },
    { id: 'seo', fields: [field('SeoDescription'), field('SeoKeywords')] },
    {
      id: 'code',
      fields: [field('CustomCSS', { kind: 'code' }), field('CustomJavaScript', { kind: 'code' })],
    },
  ],
  other: [
    {
      id: 'content',
      fields: [
        field('Notice', { kind: 'textarea' }),
        field('About', { kind: 'textarea' }),
        field('HomePageContent', { kind: 'textarea' }),
        field('Guide', { kind: 'textarea' }),
      ],
    },
    { id: 'faq', fields: [field('FAQ', { json: 'faq' })] },
    { id: 'chats', fields: [field('Chats', { json: 'chats' })] },
  ],
};
