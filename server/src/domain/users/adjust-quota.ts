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
}

const overrideAttempts = 5;

/**
 * Changes a balance with one guarded statement and its management log row, in one
 * transaction. Subtracting never goes below zero; overriding compares and sets, retrying
 * when the relay moved the balance in between.
 */
export async function adjustQuota(ctx: AppContext, change: QuotaChange): Promise<void> {
  const { userId, value } = change;
  if (change.mode !== 'override') {
    if (value === 0) return;
    const delta = change.mode === 'add' ? value : -value;
    await ctx.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('users')
        .set((eb) => ({ quota: eb('quota', '+', delta) }))
        .where('id', '=', userId)
        .$if(delta < 0, (q) => q.where('quota', '>=', value))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new AppError('quota_below_zero');
      await log(
        trx,
        change,
        delta,
        `${change.mode === 'add' ? 'added' : 'subtracted'} ${value} quota`,
      );
    });
    return;
  }
  for (let attempt = 0; attempt < overrideAttempts; attempt++) {
    const current = await ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const seen = Number(current.quota);
    if (seen === value) return;
    const done = await ctx.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('users')
        .set({ quota: value })
        .where('id', '=', userId)
        .where('quota', '=', seen)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await log(trx, change, value - seen, `changed the balance from ${seen} to ${value}`);
      return true;
    });
    if (done) return;
  }
  throw new AppError('partial_save_failed');
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
