import { LogType, type AffInfo } from '@gateway/shared';
import { post } from '../../billing/ledger/index.js';
import { affEnabled, quotaPerUnit } from '../../config/settings/groups/general.js';
import { quotaForInvitee, quotaForInviter } from '../../config/settings/groups/quota.js';
import type { AppContext } from '../../context.js';
import { getUserFields } from '../../db/queries/users.js';
import { AppError } from '../../errors.js';
import { randomId } from '../../lib/random.js';
import { ensureAffCode } from '../users/aff-code.js';
import { insertAccountLog } from '../users/account-log.js';

/** The smallest transfer: one currency unit of quota (new-api's rule). */
const minTransfer = (ctx: AppContext) => Math.ceil(ctx.settings.get(quotaPerUnit));

/** The invitation card: code, invitees, balances and the rewards on offer. */
export async function affInfo(ctx: AppContext, userId: number): Promise<AffInfo> {
  const code = await ensureAffCode(ctx, userId);
  const row = await getUserFields(ctx.db, userId, ['aff_count', 'aff_quota', 'aff_history_quota']);
  return {
    enabled: ctx.settings.get(affEnabled),
    code,
    count: row.aff_count,
    quota: Number(row.aff_quota),
    history_quota: Number(row.aff_history_quota),
    min_transfer: minTransfer(ctx),
    inviter_reward: ctx.settings.get(quotaForInviter),
    invitee_gift: ctx.settings.get(quotaForInvitee),
  };
}

/**
 * Moves invitation balance into the quota: a guarded debit of the invitation balance and the
 * credit of the quota, two ledger rows with one reference, in one transaction, so a transfer
 * larger than the balance (or racing another) moves nothing.
 */
export async function transferAffQuota(
  ctx: AppContext,
  user: { id: number; username: string },
  quota: number,
): Promise<void> {
  const min = minTransfer(ctx);
  if (quota < min) throw new AppError('aff_transfer_below_min', { min });
  const ref = `aff-${randomId(8)}`;
  await ctx.db.transaction().execute(async (trx) => {
    try {
      await post(trx, {
        account: 'aff',
        accountId: user.id,
        delta: -quota,
        reason: 'aff_transfer',
        ref,
      });
    } catch (error) {
      if (error instanceof AppError && error.id === 'quota_below_zero') {
        throw new AppError('aff_quota_insufficient');
      }
      throw error;
    }
    await post(trx, {
      account: 'user',
      accountId: user.id,
      delta: quota,
      reason: 'aff_transfer',
      ref,
    });
    await insertAccountLog(trx, {
      userId: user.id,
      username: user.username,
      type: LogType.topup,
      content: 'Invitation balance moved into the quota',
      quota,
    });
  });
}
