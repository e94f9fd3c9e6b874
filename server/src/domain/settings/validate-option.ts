import type { Settings } from '../../config/settings/store.js';
import { AppError } from '../../errors.js';

/** A login method that cannot be switched on before the keys it needs are stored. */
interface RequiredConfig {
  flag: string;
  needs: string[];
}

const requiredConfig: RequiredConfig[] = [
  { flag: 'GitHubOAuthEnabled', needs: ['GitHubClientId', 'GitHubClientSecret'] },
  { flag: 'LinuxDOOAuthEnabled', needs: ['LinuxDOClientId', 'LinuxDOClientSecret'] },
  { flag: 'WeChatAuthEnabled', needs: ['WeChatServerAddress', 'WeChatServerToken'] },
  { flag: 'TurnstileCheckEnabled', needs: ['TurnstileSiteKey', 'TurnstileSecretKey'] },
  { flag: 'EmailVerificationEnabled', needs: ['SMTPServer'] },
];

/** Pairs of settings where the first must not exceed the second. */
const orderedPairs: Array<[string, string]> = [['CheckinMinQuota', 'CheckinMaxQuota']];

/** What `checkOptionRules` found worth telling the caller although the change is allowed. */
export type OptionWarning = 'password_login_lockout_warning';

/**
 * Applies the rules that span several settings to a proposed change (`value` already
 * validated on its own). Throws `option_requires_config` or `option_invalid`; returns a
 * warning id when the change is allowed but risky.
 */
export function checkOptionRules(
  settings: Settings,
  key: string,
  value: unknown,
): OptionWarning | undefined {
  const rule = requiredConfig.find((r) => r.flag === key);
  if (rule && value === true) {
    const missing = rule.needs.filter((need) => !isConfigured(settings, need));
    if (missing.length) throw new AppError('option_requires_config', { what: missing.join(', ') });
  }
  for (const [low, high] of orderedPairs) {
    const lowValue = key === low ? value : currentValue(settings, low);
    const highValue = key === high ? value : currentValue(settings, high);
    if ((key === low || key === high) && Number(lowValue) > Number(highValue)) {
      throw new AppError('option_invalid', { key, detail: `${low} must not exceed ${high}` });
    }
  }
  if (key === 'PasswordLoginEnabled' && value === false) return 'password_login_lockout_warning';
  return undefined;
}

/** The typed current value of a setting, or its stored string when the key is not defined. */
function currentValue(settings: Settings, key: string): unknown {
  const def = settings.defs.get(key);
  return def ? settings.get(def) : settings.rawValue(key);
}

function isConfigured(settings: Settings, key: string): boolean {
  const value = currentValue(settings, key);
  return typeof value === 'string' ? value.trim() !== '' : Boolean(value);
}
