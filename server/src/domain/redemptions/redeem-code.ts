import { LogType, RedemptionStatus } from '@gateway/shared';
import { post } from '../../billing/ledger/index.js';
import type { AppContext } from '../../context.js';
import { transactRetrying } from '../../db/deadlock.js';
import { claimRedemption, findRedemptionByKey } from '../../db/queries/redemptions.js';
import { addTopUpTotal } from '../../db/queries/users.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { limitByUser, type ActionLimit } from '../limits/action-limit.js';
import { upgradeAfterTopUp } from '../levels/upgrade.js';
import { formatBalance } from '../notifications/low-balance.js';
import { notifyUser } from '../notifications/notify.js';
import { insertAccountLog } from '../users/account-log.js';

/** Redeem attempts per user: generous for people, useless for guessing codes. */
const redeemLimit: ActionLimit = { name: 'redeem', limit: 10, windowSeconds: 60 };

/** Why a code that could not be claimed was refused. */
async function refusalOf(ctx: AppContext, key: string, now: number): Promise<AppError> {
  const code = await findRedemptionByKey(ctx.db, key);
  if (code?.status === RedemptionStatus.used) return new AppError('redemption_code_used');
  if (code?.status === RedemptionStatus.enabled && Number(code.expired_time) !== 0) {
    if (Number(code.expired_time) < now) return new AppError('redemption_code_expired');
  }
  return new AppError('redemption_code_invalid');
}

/**
 * Redeems a code for a user: claims it with one guarded statement (so a code credits exactly
 * once under any concurrency), credits its quota through the ledger and writes the recharge
 * log, all in one transaction; both name the code. Answers the quota credited.
 */
export async function redeemCode(
  ctx: AppContext,
  user: { id: number; username: string },
  rawKey: string,
): Promise<number> {
  const key = rawKey.trim().toLowerCase();
  if (!key) throw new AppError('redemption_code_missing');
  await limitByUser(ctx, user.id, redeemLimit);
  const now = nowSeconds();
  const credited = await transactRetrying(ctx.db, async (trx) => {
    if (!(await claimRedemption(trx, key, user.id, now))) return undefined;
    const code = await findRedemptionByKey(trx, key);
    if (!code) return undefined;
    const quota = Number(code.quota);
    await post(trx, {
      account: 'user',
      accountId: user.id,
      delta: quota,
      reason: 'redeem',
      ref: key,
      operatorId: user.id,
    });
    await addTopUpTotal(trx, user.id, quota);
    await insertAccountLog(trx, {
      userId: user.id,
      username: user.username,
      type: LogType.topup,
      content: `Redeemed code ${key} ("${code.name}", #${code.id}) for ${quota} quota`,
      quota,
    });
    return quota;
  });
  if (credited === undefined) throw await refusalOf(ctx, key, now);
  await upgradeAfterTopUp(ctx, user.id);
  await notifyUser(ctx, user.id, 'topup', {
    title: 'notify_topup_title',
    body: 'notify_topup_body',
    params: { amount: formatBalance(ctx, credited), what: `${key.slice(0, 8)}…` },
  });
  return credited;
}
