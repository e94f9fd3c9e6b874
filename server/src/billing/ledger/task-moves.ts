import type { Insertable } from 'kysely';
import { AppError } from '../../errors.js';
import type { LogsTable } from '../../db/schema/index.js';
import type { Program } from './program.js';
import {
  addChannelUsed,
  addTokenTotals,
  addUserTotals,
  debit,
  giveBack,
  insertEntries,
  insertLogs,
  type EntryRow,
} from './statements.js';

/**
 * The money of an asynchronous task: paid in full when it is submitted (before the upstream
 * sees it, so concurrent submits cannot overdraw), given back once if it fails. Both moves
 * write their log row in the same transaction, so the balance moved always equals the logs.
 */

/** Who pays a task, and what. */
export interface TaskPayer {
  userId: number;
  /** 0 when no key (never for tasks today, kept for symmetry with the relay). */
  tokenId: number;
  /** The key's own remaining quota is charged too. */
  tokenLimited: boolean;
  channelId: number;
  quota: number;
  /** The ledger rows' reference: `midjourneys:<public id>` or `tasks:<public id>`. */
  ref: string;
}

function entries(p: TaskPayer, delta: number, reason: 'task_charge' | 'task_refund', now: number) {
  const row = { delta, reason, ref: p.ref, later: 0, createdAt: now };
  const rows: EntryRow[] = [{ ...row, account: 'user', accountId: p.userId }];
  if (p.tokenLimited && p.tokenId > 0)
    rows.push({ ...row, account: 'token', accountId: p.tokenId });
  return rows;
}

/**
 * CHARGE: takes the task's price from the user and (when limited) the key with guarded
 * statements, counts it as used, and writes the consume log. Returns the refusal
 * (`insufficient_user_quota` / `insufficient_token_quota`, 403) with nothing changed.
 */
export function* chargeTaskProgram(
  p: TaskPayer,
  log: Insertable<LogsTable> | null,
  now: number,
): Program<AppError | null> {
  if (p.quota > 0) {
    if ((yield debit('user', p.userId, p.quota)).changes !== 1) {
      return new AppError('insufficient_user_quota', undefined, 403);
    }
    if (
      p.tokenLimited &&
      p.tokenId > 0 &&
      (yield debit('token', p.tokenId, p.quota)).changes !== 1
    ) {
      yield giveBack('user', p.userId, p.quota);
      return new AppError('insufficient_token_quota', undefined, 403);
    }
    yield insertEntries(entries(p, -p.quota, 'task_charge', now));
  }
  yield addUserTotals(p.userId, 0, p.quota, 1);
  if (p.tokenId > 0) yield addTokenTotals(p.tokenId, 0, p.quota, now);
  if (p.channelId > 0 && p.quota > 0) yield addChannelUsed(p.channelId, p.quota);
  if (log) yield insertLogs([log]);
  return null;
}

/**
 * REFUND: marks the row refunded while it is not yet (a compare-and-set, so however many
 * pollers or callbacks see the failure, one gives the money back), returns the charge to the
 * user and the key, takes it off the used totals, and writes the refund log. Returns whether
 * this call refunded.
 */
export function* refundTaskProgram(
  table: 'midjourneys' | 'tasks',
  rowId: number,
  p: TaskPayer,
  log: Insertable<LogsTable> | null,
  now: number,
): Program<boolean> {
  const won = yield {
    sql: `update ${table} set refunded = 1 where id = ? and refunded = 0`,
    params: [rowId],
  };
  if (won.changes !== 1) return false;
  if (p.quota <= 0) return true;
  yield addUserTotals(p.userId, p.quota, -p.quota, 0);
  if (p.tokenId > 0) {
    yield addTokenTotals(p.tokenId, p.tokenLimited ? p.quota : 0, -p.quota, now);
  }
  yield insertEntries(entries(p, p.quota, 'task_refund', now));
  if (p.channelId > 0) yield addChannelUsed(p.channelId, -p.quota);
  if (log) yield insertLogs([log]);
  return true;
}
