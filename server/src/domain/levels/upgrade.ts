import { LogType } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { findUpgradeStanding, toppedUpUserIds, upgradeUserLevel } from '../../db/queries/levels.js';
import { largestPaidOrder } from '../../db/queries/payments.js';
import { nowSeconds } from '../../lib/time.js';
import { insertAccountLog } from '../users/account-log.js';
import type { Level } from './level-cache.js';

/** What the upgrade rules look at. */
interface Standing {
  id: number;
  username: string;
  level: string;
  created_at: number;
  topup_quota: number;
  used_quota: number;
  /** The largest single paid top-up, in USD. */
  largest_topup: number;
}

const daySeconds = 86_400;

/** Whether a user meets every requirement of a level that upgrades automatically. */
function qualifies(level: Level, user: Standing, now: number): boolean {
  return (
    level.autoUpgrade &&
    user.topup_quota > 0 &&
    (now - user.created_at) / daySeconds >= level.requiredDays &&
    user.largest_topup >= level.requiredAmount &&
    user.topup_quota >= level.requiredTopupQuota &&
    user.used_quota >= level.requiredUsedQuota
  );
}

async function standingOf(ctx: AppContext, userId: number): Promise<Standing | undefined> {
  const user = await findUpgradeStanding(ctx.db, userId);
  if (!user) return undefined;
  const largest = await largestPaidOrder(ctx.db, userId);
  return {
    ...user,
    created_at: Number(user.created_at),
    topup_quota: Number(user.topup_quota),
    used_quota: Number(user.used_quota),
    largest_topup: Number(largest?.amount ?? 0),
  };
}

/**
 * Moves a user up to the best level whose requirements they meet, if it ranks above their
 * own (levels never go down by themselves). Called after every top-up and by the hourly job
 * for the time-based requirement; the move is guarded on the level it starts from and logged.
 * Answers the new level's name, or null when nothing changed.
 */
export async function checkLevelUpgrade(ctx: AppContext, userId: number): Promise<string | null> {
  const user = await standingOf(ctx, userId);
  if (!user || user.topup_quota <= 0) return null;
  const current = ctx.levels.get(user.level);
  const now = nowSeconds();
  const target = ctx.levels
    .all()
    .filter((l) => l.priority > current.priority && qualifies(l, user, now))
    .at(-1);
  if (!target) return null;
  const moved = await ctx.db.transaction().execute(async (trx) => {
    if (!(await upgradeUserLevel(trx, user.id, user.level, target.name))) return false;
    await insertAccountLog(trx, {
      userId: user.id,
      username: user.username,
      type: LogType.manage,
      content: `Level upgraded automatically from ${current.name} to ${target.name}`,
      quota: 0,
    });
    return true;
  });
  if (!moved) return null;
  await ctx.users.invalidate(user.id);
  return target.name;
}

/** Runs the upgrade check for a user and logs (never throws) a failure: a top-up stands. */
export function upgradeAfterTopUp(ctx: AppContext, userId: number): Promise<void> {
  return checkLevelUpgrade(ctx, userId).then(
    () => undefined,
    (error: unknown) => ctx.log.error({ userId, error: String(error) }, 'level upgrade failed'),
  );
}

/** Checks every user who has topped up (the time-based requirement); answers how many moved. */
export async function upgradeDueUsers(ctx: AppContext): Promise<number> {
  if (!ctx.levels.all().some((l) => l.autoUpgrade)) return 0;
  const ids = await toppedUpUserIds(ctx.db);
  let moved = 0;
  for (const { id } of ids) if (await checkLevelUpgrade(ctx, id)) moved += 1;
  return moved;
}
