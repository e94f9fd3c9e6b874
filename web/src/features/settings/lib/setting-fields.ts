import type { JsonShape } from './json-option';
import { signInSections } from './signin-fields';

/** One editable setting on the settings page; its label is `settings:fields.<key>.label`. */
export interface FieldDef {
  key: string;
  kind: 'text' | 'textarea' | 'code' | 'number' | 'switch' | 'select' | 'json';
  /** Values of a select. */
  options?: string[];
  /** Shape of a JSON setting, checked before sending. */
  json?: JsonShape;
  min?: number;
  /** Switching this off asks for confirmation with `settings:confirm.<key>`. */
  confirmOff?: boolean;
  /** A secret: never listed by the server; an empty input keeps the stored value. */
  secret?: boolean;
  /** Namespace of its label and help when not `settings`. */
  ns?: string;
}

/** A card of settings; its title is `settings:sections.<id>`. */
export interface SectionDef {
  id: string;
  fields: FieldDef[];
  /** Namespace of its title when not `settings`. */
  ns?: string;
}

export type TabId = 'general' | 'operation' | 'personalization' | 'other';

const text = (key: string): FieldDef => ({ key, kind: 'text' });
const secret = (key: string): FieldDef => ({ key, kind: 'text', secret: true });
const flag = (key: string, confirmOff = false): FieldDef => ({ key, kind: 'switch', confirmOff });
const number = (key: string, min = 0): FieldDef => ({ key, kind: 'number', min });
const ratios = (key: string): FieldDef => ({ key, kind: 'json', json: 'ratioMap' });

/** The four tabs of `/setting` and the settings each one edits. */
export const settingTabs: Record<TabId, SectionDef[]> = {
  general: [
    { id: 'site', fields: [text('SystemName'), text('Logo'), text('ServerAddress')] },
    { id: 'links', fields: [text('ChatLink'), text('ApiDocLink'), text('TopUpLink')] },
    { id: 'currency', fields: [number('QuotaPerUnit', 1), flag('DisplayInCurrencyEnabled')] },
    {
      id: 'login',
      fields: [
        flag('PasswordLoginEnabled', true),
        flag('PasswordRegisterEnabled'),
        flag('RegisterEnabled'),
        flag('EmailVerificationEnabled'),
        flag('GitHubOAuthEnabled'),
        flag('LinuxDOOAuthEnabled'),
        flag('WeChatAuthEnabled'),
        flag('TurnstileCheckEnabled'),
      ],
    },
    {
      id: 'providers',
      fields: [
        text('GitHubClientId'),
        secret('GitHubClientSecret'),
        text('LinuxDOClientId'),
        secret('LinuxDOClientSecret'),
        text('WeChatServerAddress'),
        secret('WeChatServerToken'),
        text('WeChatAccountQRCodeImageURL'),
        text('TurnstileSiteKey'),
        secret('TurnstileSecretKey'),
      ],
    },
    ...signInSections,
  ],
  operation: [
    {
      id: 'quota',
      fields: [
        number('QuotaForNewUser'),
        number('QuotaForInviter'),
        number('QuotaForInvitee'),
        number('QuotaRemindThreshold'),
        number('PreConsumedQuota'),
      ],
    },
    {
      id: 'channels',
      fields: [
        number('RetryTimes'),
        number('ChannelDisableThreshold'),
        flag('AutomaticDisableChannelEnabled'),
        flag('AutomaticEnableChannelEnabled'),
      ],
    },
    {
      id: 'features',
      fields: [
        flag('DrawingEnabled'),
        flag('TaskEnabled'),
        flag('MjNotifyEnabled'),
        flag('LogConsumeEnabled'),
        flag('DataExportEnabled'),
        { key: 'DataExportDefaultTime', kind: 'select', options: ['hour', 'day', 'week'] },
        number('DataExportInterval', 1),
        flag('CheckinEnabled'),
        number('CheckinMinQuota'),
        number('CheckinMaxQuota'),
        flag('AffEnabled'),
      ],
    },
    {
      id: 'ratios',
      fields: [
        ratios('ModelRatio'),
        ratios('CompletionRatio'),
        ratios('ModelPrice'),
        ratios('GroupRatio'),
      ],
    },
  ],
  personalization: [
    {
      id: 'appearance',
      fields: [flag('DefaultCollapseSidebar'), text('QRCode'), { key: 'Footer', kind: 'textarea' }],
    },
    { id: 'seo', fields: [text('SeoDescription'), text('SeoKeywords')] },
    {
      id: 'code',
      fields: [
        { key: 'CustomCSS', kind: 'code' },
        { key: 'CustomJavaScript', kind: 'code' },
      ],
    },
  ],
  other: [
    {
      id: 'content',
      fields: [
        { key: 'Notice', kind: 'textarea' },
        { key: 'About', kind: 'textarea' },
        { key: 'HomePageContent', kind: 'textarea' },
        { key: 'Guide', kind: 'textarea' },
      ],
    },
    { id: 'faq', fields: [{ key: 'FAQ', kind: 'json', json: 'faq' }] },
    { id: 'chats', fields: [{ key: 'Chats', kind: 'json', json: 'chats' }] },
  ],
};
