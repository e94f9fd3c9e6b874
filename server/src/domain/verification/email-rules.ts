import type { AppContext } from '../../context.js';
import {
  emailAliasRestrictionEnabled,
  emailDomainRestrictionEnabled,
  emailDomainWhitelist,
} from '../../config/settings/groups/auth.js';
import { AppError } from '../../errors.js';

/**
 * Refuses an address the domain whitelist or the alias restriction rules out. Like new-api,
 * the alias rule refuses `+` and `.` in the local part (Gmail ignores both).
 */
export function checkEmailAllowed(ctx: AppContext, email: string): void {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (ctx.settings.get(emailAliasRestrictionEnabled) && /[+.]/.test(local)) {
    throw new AppError('email_alias_not_allowed');
  }
  if (ctx.settings.get(emailDomainRestrictionEnabled)) {
    const allowed = ctx.settings
      .get(emailDomainWhitelist)
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean);
    if (!allowed.includes(domain)) throw new AppError('email_domain_not_allowed');
  }
}
