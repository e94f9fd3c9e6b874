import { z } from 'zod';
import { isTimeZone } from '../../../lib/budget-period.js';
import { number, text } from '../define.js';

// Quota grants and thresholds (500000 = 1 USD).

/** Balance given to every new account. */
export const quotaForNewUser = number('QuotaForNewUser', 0);
/** Invitation reward credited to the inviter's `aff_quota` per invitee. */
export const quotaForInviter = number('QuotaForInviter', 0);
/** Extra balance for a new account that registered with a valid invitation code. */
export const quotaForInvitee = number('QuotaForInvitee', 0);
/** The operator's time zone (IANA name): budgets reset at its midnights. */
export const budgetTimeZone = text(
  'BudgetTimeZone',
  'UTC',
  z.string().refine(isTimeZone, 'expected a time zone such as UTC or Asia/Shanghai'),
);
/** Percent of a period's budget at which its owner is told once per period; 0 = never. */
export const budgetAlertPercent = number('BudgetAlertPercent', 80);
/** Balance below which the user is reminded that the quota is running out. */
export const quotaRemindThreshold = number('QuotaRemindThreshold', 0);
/** Quota reserved before a request whose cost is unknown until it ends. */
export const preConsumedQuota = number('PreConsumedQuota', 500);
