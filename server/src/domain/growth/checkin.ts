import { LogType, type CheckinStatus } from '@gateway/shared';
import { randomInt } from 'node:crypto';
import { post } from '../../billing/ledger/index.js';
import {
  checkinEnabled,
  checkinMaxQuota,
  checkinMinQuota,
} from '../../config/settings/groups/general.js';
import type { AppContext } from '../../context.js';
import { checkinTotals, insertCheckin, listCheckins } from '../../db/queries/checkins.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors.js';
import { localDate, nowSeconds } from '../../lib/time.js';
import { insertAccountLog } from '../users/account-log.js';

/** The day `offset` days before `date` (`YYYY-MM-DD`), on the same calendar. */
function daysBefore(date: string, offset: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return localDate(new Date(y, m - 1, d - offset));
}

/** The reward range, the maximum never below the minimum. */
function rewardRange(ctx: AppContext): { min: number; max: number } {
  const min = ctx.settings.get(checkinMinQuota);
  return { min, max: Math.max(min, ctx.settings.get(checkinMaxQuota)) };
}

/** A month of check-ins (`YYYY-MM`, default this one), the last three days and the totals. */
export async function checkinStatus(
  ctx: AppContext,
  userId: number,
  month?: string,
): Promise<CheckinStatus> {
  const today = localDate();
  const shown = month ?? today.slice(0, 7);
  const [days, recent, totals] = await Promise.all([
    listCheckins(ctx.db, userId, `${shown}-01`, `${shown}-31`),
    listCheckins(ctx.db, userId, daysBefore(today, 2), today),
    checkinTotals(ctx.db, userId),
  ]);
  const asDay = (r: { checkin_date: string; quota: number }) => ({
    date: r.checkin_date,
    quota: Number(r.quota),
  });
  const { min, max } = rewardRange(ctx);
  return {
    enabled: ctx.settings.get(checkinEnabled),
    today,
    checked_in_today: recent.some((r) => r.checkin_date === today),
    month: shown,
    days: days.map(asDay),
    recent: recent.map(asDay),
    min_quota: min,
    max_quota: max,
    total_days: totals.days,
    total_quota: totals.quota,
  };
}

/**
 * Checks a user in for today: a random reward in [min, max], credited through the ledger with
 * its log. The row and the credit are one transaction, and the unique (user, day) index lets
 * exactly one of any number of simultaneous attempts through.
 */
export async function checkIn(
  ctx: AppContext,
  user: { id: number; username: string },
): Promise<{ date: string; quota: number }> {
  if (!ctx.settings.get(checkinEnabled)) throw new AppError('checkin_disabled');
  const { min, max } = rewardRange(ctx);
  const quota = randomInt(min, max + 1);
  const date = localDate();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertCheckin(trx, { userId: user.id, date, quota, now: nowSeconds() });
      if (quota > 0) {
        await post(trx, {
          account: 'user',
          accountId: user.id,
          delta: quota,
          reason: 'checkin',
          ref: date,
        });
      }
      await insertAccountLog(trx, {
        userId: user.id,
        username: user.username,
        type: LogType.topup,
        content: `Daily check-in ${date}`,
        quota,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('checkin_already');
    throw error;
  }
  return { date, quota };
}
