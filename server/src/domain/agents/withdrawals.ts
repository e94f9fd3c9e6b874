import { LogType, type Page, type WithdrawalItem } from '@gateway/shared';
import { post } from '../../billing/ledger/index.js';
import type { AppContext } from '../../context.js';
import {
  closeWithdrawal,
  findAgent,
  findWithdrawal,
  insertWithdrawal,
  listWithdrawals,
} from '../../db/queries/agents.js';
import { getUserFields } from '../../db/queries/users.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { guardStaffAction, type StaffActor } from '../../policies/staff.js';
import { insertAccountLog } from '../users/account-log.js';
import { notifyRootUser } from '../notifications/notify.js';
import { formatBalance } from '../notifications/low-balance.js';
import { minWithdrawal } from './agents.js';

/**
 * An active agent asks to withdraw invitation balance: the amount is held at once (a guarded
 * debit with its ledger row, in the same transaction as the request), so it cannot be spent
 * or asked for twice. Root is told.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  user: { id: number; username: string },
  request: { quota: number; account: string },
): Promise<void> {
  const agent = await findAgent(ctx.db, user.id);
  if (agent?.status !== 'active') throw new AppError('agent_not_active');
  const min = minWithdrawal(ctx);
  if (request.quota < min)
    throw new AppError('withdrawal_below_min', { min: formatBalance(ctx, min) });
  const id = await ctx.db.transaction().execute(async (trx) => {
    const made = await insertWithdrawal(trx, {
      agent_id: user.id,
      quota: request.quota,
      account: request.account,
      created_at: nowSeconds(),
    });
    try {
      await post(trx, {
        account: 'aff',
        accountId: user.id,
        delta: -request.quota,
        reason: 'withdrawal_hold',
        ref: `withdrawal:${made}`,
      });
    } catch (error) {
      if (error instanceof AppError && error.id === 'quota_below_zero') {
        throw new AppError('withdrawal_insufficient');
      }
      throw error;
    }
    await insertAccountLog(trx, {
      userId: user.id,
      username: user.username,
      type: LogType.manage,
      content: `Withdrawal #${made} requested (held)`,
      quota: -request.quota,
      balance: 'aff_quota',
    });
    return made;
  });
  await notifyRootUser(ctx, 'withdrawal', {
    title: 'notify_withdrawal_title',
    body: 'notify_withdrawal_body',
    params: { id, user: user.username, amount: formatBalance(ctx, request.quota) },
  });
}

export async function listWithdrawalItems(
  ctx: AppContext,
  filter: { agentId?: number; status?: string },
  page: number,
  pageSize: number,
): Promise<Page<WithdrawalItem>> {
  const { rows, total } = await listWithdrawals(ctx.db, filter, page, pageSize);
  return {
    page,
    page_size: pageSize,
    total,
    items: rows.map((r) => ({
      id: r.id,
      agent_id: r.agent_id,
      username: r.username,
      user_role: r.role,
      quota: Number(r.quota),
      account: r.account,
      status: r.status as WithdrawalItem['status'],
      reason: r.reason,
      reviewer_id: r.reviewer_id,
      created_at: Number(r.created_at),
      reviewed_at: Number(r.reviewed_at),
    })),
  };
}

/**
 * Finance marks a withdrawal paid (the hold stands: the money left) or rejects it with a
 * reason (the hold returns to the invitation balance); never their own, nor one of a user of
 * their rank or above. Guarded on `pending`, so two reviewers cannot both act, and a rejection
 * returns the amount once.
 */
export async function reviewWithdrawal(
  ctx: AppContext,
  id: number,
  request: { action: 'paid' | 'reject'; reason: string },
  reviewer: StaffActor,
): Promise<void> {
  const reviewerId = reviewer.id;
  const row = await findWithdrawal(ctx.db, id);
  if (!row) throw new AppError('withdrawal_not_found');
  await guardStaffAction(ctx, reviewer, row.agent_id);
  if (request.action === 'reject' && !request.reason)
    throw new AppError('withdrawal_reason_required');
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const done = await closeWithdrawal(trx, id, {
      status: request.action === 'paid' ? 'paid' : 'rejected',
      reason: request.reason,
      reviewer_id: reviewerId,
      reviewed_at: nowSeconds(),
    });
    if (!done) return false;
    const user = await getUserFields(trx, row.agent_id, ['username']);
    if (request.action === 'reject') {
      await post(trx, {
        account: 'aff',
        accountId: row.agent_id,
        delta: Number(row.quota),
        reason: 'withdrawal_return',
        ref: `withdrawal:${id}`,
        operatorId: reviewerId,
      });
    }
    await insertAccountLog(trx, {
      userId: row.agent_id,
      username: user.username,
      type: LogType.manage,
      content:
        request.action === 'paid'
          ? `Withdrawal #${id} paid by #${reviewerId}`
          : `Withdrawal #${id} rejected by #${reviewerId}: ${request.reason}`,
      quota: request.action === 'paid' ? 0 : Number(row.quota),
      balance: 'aff_quota',
    });
    return true;
  });
  if (!moved) throw new AppError('withdrawal_not_pending');
}
