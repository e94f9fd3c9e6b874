import { displayInCurrency, quotaPerUnit } from '../../config/settings/groups/general.js';
import { quotaRemindThreshold } from '../../config/settings/groups/quota.js';
import { serverAddress } from '../../config/settings/groups/general.js';
import type { NotifyContext } from './notify-context.js';
import { findPrefsOf } from '../../db/queries/notifications.js';
import { findUserQuotas } from '../../db/queries/users.js';
import { notifyUser } from './notify.js';

/** A user's balance is looked at most this often by one instance. */
const checkEveryMs = 60_000;
/** At most one alert of a kind per user in this window (2 hours), across instances. */
const alertWindowSeconds = 2 * 3600;

/** A balance as the user reads it: `$1.23` or a plain quota number. */
export function formatBalance(ctx: NotifyContext, quota: number): string {
  if (!ctx.settings.get(displayInCurrency)) return String(quota);
  return `$${(quota / ctx.settings.get(quotaPerUnit)).toFixed(2)}`;
}

/**
 * Watches balances after settlements, off the relay's path: a user whose balance fell below
 * their warning quota (or the site's `QuotaRemindThreshold`) is told once per 2 hours, and
 * once per 2 hours when it is used up, however many instances settle their requests.
 */
export class LowBalanceWatch {
  private readonly checkedAt = new Map<number, number>();

  constructor(private readonly ctx: NotifyContext) {}

  /** Looks at the balances of users just charged (those not looked at within a minute). */
  check(userIds: Iterable<number>): void {
    const now = Date.now();
    const due = [...new Set(userIds)].filter(
      (id) => now - (this.checkedAt.get(id) ?? 0) >= checkEveryMs,
    );
    if (due.length === 0) return;
    for (const id of due) this.checkedAt.set(id, now);
    if (this.checkedAt.size > 100_000) this.checkedAt.clear();
    this.run(due).catch((error: unknown) =>
      this.ctx.log.error({ error: String(error) }, 'balance watch failed'),
    );
  }

  private async run(userIds: number[]): Promise<void> {
    const { ctx } = this;
    const [balances, prefs] = await Promise.all([
      findUserQuotas(ctx.db, userIds),
      findPrefsOf(ctx.db, userIds),
    ]);
    const warningOf = new Map(prefs.map((p) => [p.user_id, Number(p.warning_quota)]));
    const siteWarning = ctx.settings.get(quotaRemindThreshold);
    for (const { id, quota: raw } of balances) {
      const quota = Number(raw);
      const warning = warningOf.get(id) || siteWarning;
      if (quota <= 0) await this.alert(id, 'quota_exhausted', quota);
      else if (warning > 0 && quota < warning) await this.alert(id, 'low_balance', quota);
    }
  }

  private async alert(userId: number, event: 'low_balance' | 'quota_exhausted', quota: number) {
    const { ctx } = this;
    const first = await ctx.shared.setIfAbsent(
      `notify:${event}:${userId}`,
      '1',
      alertWindowSeconds,
    );
    if (!first) return;
    const link = `${ctx.settings.get(serverAddress).replace(/\/+$/, '')}/topup`;
    await notifyUser(ctx, userId, event, {
      title: event === 'low_balance' ? 'notify_low_balance_title' : 'notify_exhausted_title',
      body: event === 'low_balance' ? 'notify_low_balance_body' : 'notify_exhausted_body',
      params: { balance: formatBalance(ctx, quota), link },
    });
  }
}
