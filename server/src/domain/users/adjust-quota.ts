import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { insertAccountLog, LogType } from './account-log.js';

/** How an administrator's amount applies to a balance. */
export type QuotaMode = 'add' | 'subtract' | 'override';

/** Who changes whose balance. */
export interface QuotaChange {
  actorName: string;
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
 * Changes a balance with one guarded statement and its management log row, in one
 * transaction. Subtracting never goes below zero and adding never past the safe-integer
 * range; overriding compares and sets (against `expected`, or retrying when the relay moved
 * the balance in between).
 */
export async function adjustQuota(ctx: AppContext, change: QuotaChange): Promise<void> {
  const { userId, value } = change;
  if (!Number.isSafeInteger(value) || value < 0) throw new AppError('quota_too_large');
  if (change.mode !== 'override') {
    if (value === 0) return;
    const delta = change.mode === 'add' ? value : -value;
    await ctx.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('users')
        .set((eb) => ({ quota: eb('quota', '+', delta) }))
        .where('id', '=', userId)
        .$if(delta < 0, (q) => q.where('quota', '>=', value))
        .$if(delta > 0, (q) => q.where('quota', '<=', Number.MAX_SAFE_INTEGER - value))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        throw new AppError(delta < 0 ? 'quota_below_zero' : 'quota_too_large');
      }
      await log(
        trx,
        change,
        delta,
        `${change.mode === 'add' ? 'added' : 'subtracted'} ${value} quota`,
      );
    });
    return;
  }
  if (change.expected !== undefined) {
    const seen = change.expected;
    if (seen === value) return;
    const done = await setIfUnchanged(ctx, change, seen);
    if (done) return;
    const now = await ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    throw new AppError('quota_changed', { current: Number(now.quota) });
  }
  for (let attempt = 0; attempt < overrideAttempts; attempt++) {
    const current = await ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const seen = Number(current.quota);
    if (seen === value) return;
    const done = await setIfUnchanged(ctx, change, seen);
    if (done) return;
  }
  throw new AppError('partial_save_failed');
}

/** Sets the balance to `change.value` only while it is `seen`, with its log row; false when it moved. */
function setIfUnchanged(ctx: AppContext, change: QuotaChange, seen: number): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({ quota: change.value })
      .where('id', '=', change.userId)
      .where('quota', '=', seen)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await log(
      trx,
      change,
      change.value - seen,
      `changed the balance from ${seen} to ${change.value}`,
    );
    return true;
  });
}

function log(db: AppContext['db'], change: QuotaChange, delta: number, what: string) {
  return insertAccountLog(db, {
    userId: change.userId,
    username: change.username,
    type: LogType.manage,
    content: `Administrator ${change.actorName} ${what}`,
    quota: delta,
  });
}
