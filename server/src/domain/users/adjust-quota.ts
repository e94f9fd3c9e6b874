import { LogType } from '@gateway/shared';
import { post, setBalance, type LedgerReason } from '../../billing/ledger/index.js';
import type { AppContext } from '../../context.js';
import { findUserBalance } from '../../db/queries/users.js';
import { AppError } from '../../errors.js';
import { insertAccountLog } from './account-log.js';

/** How an administrator's amount applies to a balance. */
export type QuotaMode = 'add' | 'subtract' | 'override';

/** Who changes whose balance. */
export interface QuotaChange {
  actor: { id: number; username: string };
  userId: number;
  username: string;
  mode: QuotaMode;
  /** A non-negative amount in quota units. */
  value: number;
  /**
   * For `override`: the balance the administrator saw. The new value is set only while the
   * balance still equals it (`quota_changed` otherwise); without it the override retries
   * against whatever the balance is (an explicit "set to" from `/api/user/manage`).
   */
  expected?: number;
}

const overrideAttempts = 5;

/**
 * Changes a balance through the ledger, with its management log row, in one transaction.
 * Subtracting never goes below zero and adding never past the exact range; overriding
 * compares and sets (against `expected`, or retrying when the relay moved the balance).
 */
export async function adjustQuota(ctx: AppContext, change: QuotaChange): Promise<void> {
  await changeQuota(ctx, change);
  // With Redis holds the relay's mirror of the balance follows at once, not a second later.
  await ctx.billing.balancesMoved([change.userId]);
}

async function changeQuota(ctx: AppContext, change: QuotaChange): Promise<void> {
  const { userId, value } = change;
  if (!Number.isSafeInteger(value) || value < 0) throw new AppError('quota_too_large');
  if (change.mode !== 'override') {
    if (value === 0) return;
    const adding = change.mode === 'add';
    const delta = adding ? value : -value;
    await ctx.db.transaction().execute(async (trx) => {
      await post(trx, { ...entry(change, adding ? 'admin_add' : 'admin_subtract'), delta });
      await log(trx, change, delta, `${adding ? 'added' : 'subtracted'} ${value} quota`);
    });
    return;
  }
  if (change.expected !== undefined) {
    if (change.expected === value) return;
    if (await setIfUnchanged(ctx, change, change.expected)) return;
    throw new AppError('quota_changed', { current: await balanceOf(ctx, userId) });
  }
  for (let attempt = 0; attempt < overrideAttempts; attempt++) {
    const seen = await balanceOf(ctx, userId);
    if (seen === value) return;
    if (await setIfUnchanged(ctx, change, seen)) return;
  }
  throw new AppError('partial_save_failed');
}

async function balanceOf(ctx: AppContext, userId: number): Promise<number> {
  return Number((await findUserBalance(ctx.db, userId))?.quota ?? 0);
}

const entry = (change: QuotaChange, reason: LedgerReason) => ({
  account: 'user' as const,
  accountId: change.userId,
  reason,
  operatorId: change.actor.id,
});

/** Sets the balance to `change.value` only while it is `seen`, with its log row; false when it moved. */
function setIfUnchanged(ctx: AppContext, change: QuotaChange, seen: number): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await setBalance(trx, entry(change, 'admin_set'), change.value, seen))) return false;
    const what = `changed the balance from ${seen} to ${change.value}`;
    await log(trx, change, change.value - seen, what);
    return true;
  });
}

function log(db: AppContext['db'], change: QuotaChange, delta: number, what: string) {
  return insertAccountLog(db, {
    userId: change.userId,
    username: change.username,
    type: LogType.manage,
    content: `Administrator ${change.actor.username} ${what}`,
    quota: delta,
  });
}
