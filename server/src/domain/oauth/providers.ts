import type { MessageId } from '@gateway/shared';
import * as auth from '../../config/settings/groups/auth.js';
import type { SettingDef } from '../../config/settings/define.js';

/** Who a third party says the visitor is. */
export interface ExternalProfile {
  /** The provider's stable user id (GitHub numeric id, linux.do id, WeChat OpenID). */
  id: string;
  /** Provider login name, tried as the local username on sign-up. */
  username: string;
  /** Provider display name. */
  displayName: string;
  /** An address the provider gave, or empty. */
  email: string;
}

/** A third party users can sign in with: where its id is stored and how it is switched. */
export interface ExternalProvider {
  kind: 'github' | 'linuxdo' | 'wechat';
  /** Its name for people, e.g. `GitHub`. */
  label: string;
  /** The `users` column holding the provider id. */
  column: 'github_id' | 'linuxdo_id' | 'wechat_id';
  /** Prefix of generated usernames, e.g. `github_` + next id. */
  usernamePrefix: string;
  /** Display name when the provider gives none. */
  fallbackDisplayName: string;
  /** The switch that enables it. */
  enabled: SettingDef<boolean>;
  /** The error when it is switched off. */
  disabledError: MessageId;
}

/** GitHub OAuth app sign-in. */
export const gitHubProvider: ExternalProvider = {
  kind: 'github',
  label: 'GitHub',
  column: 'github_id',
  usernamePrefix: 'github_',
  fallbackDisplayName: 'GitHub User',
  enabled: auth.gitHubOAuthEnabled,
  disabledError: 'github_login_disabled',
};

/** linux.do (Discourse Connect) sign-in. */
export const linuxDoProvider: ExternalProvider = {
  kind: 'linuxdo',
  label: 'linux.do',
  column: 'linuxdo_id',
  usernamePrefix: 'linuxdo_',
  fallbackDisplayName: 'linux.do User',
  enabled: auth.linuxDoOAuthEnabled,
  disabledError: 'linuxdo_login_disabled',
};

/** WeChat official-account sign-in through the wechat-server helper. */
export const weChatProvider: ExternalProvider = {
  kind: 'wechat',
  label: 'WeChat',
  column: 'wechat_id',
  usernamePrefix: 'wechat_',
  fallbackDisplayName: 'WeChat User',
  enabled: auth.weChatAuthEnabled,
  disabledError: 'wechat_login_disabled',
};
