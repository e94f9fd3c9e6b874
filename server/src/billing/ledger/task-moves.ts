import type { Insertable } from 'kysely';
import type { LogsTable } from '../../db/schema/index.js';
import type { Program } from './program.js';
import {
  addChannelUsed,
  addTokenTotals,
  addUserTotals,
  budgetAdjust,
  insertEntries,
  insertLogs,
  type EntryRow,
} from './statements.js';

/**
 * The refund of an asynchronous task. A task is charged in full when it is submitted, before
 * the upstream sees it, as a relay settlement (`relay/tasks/submit-task.ts`); if it fails it
 * is given back once, with its log row in the same transaction.
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

/**
 * The budget periods a task's charge counted in (their starts, Unix seconds), null for an
 * account without a budget: a refund takes the charge off that period's count, and off
 * nothing once a newer period began.
 */
export interface TaskBudgets {
  user: number | null;
  token: number | null;
}

const noBudgets: TaskBudgets = { user: null, token: null };

function entries(p: TaskPayer, delta: number, now: number) {
  const row = { delta, reason: 'task_refund' as const, ref: p.ref, later: 0, createdAt: now };
  const rows: EntryRow[] = [{ ...row, account: 'user', accountId: p.userId }];
  if (p.tokenLimited && p.tokenId > 0)
    rows.push({ ...row, account: 'token', accountId: p.tokenId });
  return rows;
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
  budgets: TaskBudgets = noBudgets,
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
  yield insertEntries(entries(p, p.quota, now));
  if (p.channelId > 0) yield addChannelUsed(p.channelId, -p.quota);
  if (budgets.user !== null) yield budgetAdjust('user', p.userId, -p.quota, budgets.user);
  if (budgets.token !== null && p.tokenId > 0) {
    yield budgetAdjust('token', p.tokenId, -p.quota, budgets.token);
  }
  if (log) yield insertLogs([log]);
  return true;
}
