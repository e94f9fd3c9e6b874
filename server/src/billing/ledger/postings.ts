import type { Kysely } from 'kysely';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { overdraftReasons, type Posting } from './entries.js';
import { runAsync, type Program } from './program.js';
import { credit, debit, insertEntries, overdraw, setIf } from './statements.js';

/** How a posting went: done, or refused because the balance would go below 0 or past exact. */
export type PostOutcome = 'posted' | 'insufficient' | 'too_large';

/**
 * One guarded balance statement and its ledger row. A debit stops at zero, except a user's
 * debit for a reason in `overdraftReasons`, which stops only where numbers stop being exact.
 */
export function* postProgram(posting: Posting, now: number): Program<PostOutcome> {
  const { account, accountId, delta, reason } = posting;
  if (delta === 0) return 'posted';
  const mayOverdraw = account === 'user' && overdraftReasons.has(reason);
  const moved = yield delta > 0
    ? credit(account, accountId, delta)
    : mayOverdraw
      ? overdraw(account, accountId, -delta)
      : debit(account, accountId, -delta);
  if (moved.changes !== 1) return delta > 0 || mayOverdraw ? 'too_large' : 'insufficient';
  yield insertEntries([{ ...posting, later: 0, createdAt: now }]);
  return 'posted';
}

/** Sets a balance to `value` while it is still `seen`, with its ledger row (delta value − seen). */
export function* setProgram(
  posting: Omit<Posting, 'delta'>,
  value: number,
  seen: number,
  now: number,
): Program<boolean> {
  if (value === seen) return true;
  const moved = yield setIf(posting.account, posting.accountId, value, seen);
  if (moved.changes !== 1) return false;
  yield insertEntries([{ ...posting, delta: value - seen, later: 0, createdAt: now }]);
  return true;
}

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount)) throw new AppError('quota_too_large');
}

/**
 * Moves a balance by `posting.delta` with its ledger row, in `db`'s transaction when it is one
 * (else in its own). Throws `quota_below_zero` when a debit is not covered (an overdraft
 * reason aside) and `quota_too_large` when an amount or the result is past the exact range;
 * nothing changes then.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema will do
export async function post(db: Kysely<any>, posting: Posting): Promise<void> {
  checkAmount(posting.delta);
  const outcome = await runAsync(db, () => postProgram(posting, nowSeconds()));
  if (outcome === 'insufficient') throw new AppError('quota_below_zero');
  if (outcome === 'too_large') throw new AppError('quota_too_large');
}

/**
 * Compare-and-set: sets a balance to `value` only while it is still `seen`, with its ledger
 * row. Returns false (nothing changed) when the balance moved in between.
 */
export async function setBalance(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema will do
  db: Kysely<any>,
  posting: Omit<Posting, 'delta'>,
  value: number,
  seen: number,
): Promise<boolean> {
  checkAmount(value);
  if (value < 0) throw new AppError('quota_below_zero');
  return runAsync(db, () => setProgram(posting, value, seen, nowSeconds()));
}
