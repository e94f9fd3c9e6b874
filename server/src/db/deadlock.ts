import type { Db } from './client.js';

/** Whether a transaction lost a deadlock or a serialization conflict (safe to run again). */
export function isDeadlock(error: unknown): boolean {
  const e = error as { code?: unknown; errno?: unknown };
  return e.code === '40P01' || e.code === '40001' || e.errno === 1213 || e.code === 'SQLITE_BUSY';
}

/** Runs `work` up to `attempts` times while it loses deadlocks; the last loss stands. */
async function retryDeadlocks<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= attempts) throw error;
    }
  }
}

/**
 * A transaction that is run again when it loses a deadlock. Guarded moves of one row
 * (`… where id = ? and status = 'pending'`) deadlock on MySQL when the optimizer reaches the row
 * through a status index: duplicates racing for it (payment notifications, two redemptions of
 * one code) would otherwise answer an error instead of "already done". `work` must have no
 * effect outside the database.
 */
export function transactRetrying<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return retryDeadlocks(() => db.transaction().execute(work));
}
