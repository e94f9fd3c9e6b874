import { LogType } from '@gateway/shared';
import type { Insertable, Updateable } from 'kysely';
import { runAsync } from '../../billing/ledger/program.js';
import {
  refundTaskProgram,
  type TaskBudgets,
  type TaskPayer,
} from '../../billing/ledger/task-moves.js';
import { budgetTimeZone } from '../../config/settings/groups/quota.js';
import { findToken } from '../../db/queries/tokens.js';
import { budgetOf, periodStart } from '../../lib/budget-period.js';
import type { CachedUser } from '../users/user-cache.js';
import type { AppContext } from '../../context.js';
import { addChannelUsedQuota } from '../../db/queries/channels.js';
import { setConsumeLogChannel } from '../../db/queries/logs.js';
import {
  endTaskRow,
  updateTaskRow,
  type DrawingRow,
  type TaskRow,
} from '../../db/queries/tasks.js';
import type { LogsTable, MidjourneysTable, TasksTable } from '../../db/schema/index.js';
import { nowSeconds } from '../../lib/time.js';
import type { TaskTable } from './task-types.js';

export type { TaskPayer };

/** The public id of a row of either table. */
export const publicIdOf = (row: DrawingRow | TaskRow): string =>
  'mj_id' in row ? row.mj_id : row.task_id;

/** The ledger reference of a task: `midjourneys:<public id>` or `tasks:<public id>`. */
export const taskRef = (table: TaskTable, publicId: string) => `${table}:${publicId}`;

/** The payer of an existing row. */
export function payerOf(table: TaskTable, row: DrawingRow | TaskRow): TaskPayer {
  return {
    userId: row.user_id,
    tokenId: row.token_id,
    tokenLimited: row.token_limited === 1,
    // A channel counts a task's quota as used once its upstream accepted the task.
    channelId: row.upstream_id === '' ? 0 : row.channel_id,
    quota: Number(row.quota),
    ref: taskRef(table, publicIdOf(row)),
  };
}

/**
 * The budget periods a task's charge counted in: those of its user and key that contain its
 * submit time, for the budgets they have now.
 */
async function budgetsOf(
  ctx: AppContext,
  table: TaskTable,
  row: DrawingRow | TaskRow,
  user: CachedUser | null,
): Promise<TaskBudgets> {
  const zone = ctx.settings.get(budgetTimeZone);
  const at = table === 'midjourneys' ? Number(row.submit_time) : Number(row.submit_time) * 1000;
  const userBudget = user?.overrides.budget ?? null;
  const token = row.token_id > 0 ? await findToken(ctx.db, row.user_id, row.token_id) : undefined;
  const tokenBudget = token ? budgetOf(token.budget_period, token.budget_quota) : null;
  return {
    user: userBudget ? periodStart(userBudget.period, at, zone) : null,
    token: tokenBudget ? periodStart(tokenBudget.period, at, zone) : null,
  };
}

/** The refund log of a failed task. */
function refundLog(
  table: TaskTable,
  row: DrawingRow | TaskRow,
  username: string,
  reason: string,
): Insertable<LogsTable> {
  const publicId = publicIdOf(row);
  return {
    user_id: row.user_id,
    username,
    created_at: nowSeconds(),
    type: LogType.refund,
    content: `Task ${publicId} failed: ${reason || 'no reason given'}; its charge was refunded`,
    token_id: row.token_id,
    model_name: row.model_name,
    quota: Number(row.quota),
    channel_id: row.channel_id,
    group: row.group,
    request_id: row.request_id,
    other: JSON.stringify({ task_id: publicId, table, reason }),
  };
}

/**
 * Ends an unfinished task as failed and refunds its charge, all in one transaction: the
 * status change is a compare-and-set on `finish_time = 0`, so however many pollers, callbacks
 * or requests see the failure at once, exactly one of them refunds. Returns whether this call
 * ended the task.
 */
export async function failTask(
  ctx: AppContext,
  table: TaskTable,
  row: DrawingRow | TaskRow,
  changes: Updateable<MidjourneysTable> & Updateable<TasksTable>,
  reason: string,
): Promise<boolean> {
  const finishedAt = table === 'midjourneys' ? Date.now() : nowSeconds();
  const user = await ctx.users.get(row.user_id);
  const budgets = await budgetsOf(ctx, table, row, user);
  const refunded = await ctx.db.transaction().execute(async (trx) => {
    const ended = await endTaskRow(trx, table, row.id, {
      ...changes,
      status: changes.status ?? 'FAILURE',
      progress: '100%',
      fail_reason: reason,
      finish_time: finishedAt,
      updated_at: nowSeconds(),
    });
    if (!ended) return false;
    const log = refundLog(table, row, user?.username ?? '', reason);
    await runAsync(trx, () =>
      refundTaskProgram(table, row.id, payerOf(table, row), log, nowSeconds(), budgets),
    );
    return true;
  });
  if (refunded)
    await ctx.billing.balancesMoved([row.user_id], row.token_id > 0 ? [row.token_id] : []);
  return refunded;
}

/**
 * Records that the upstream accepted a task: its id and first state on the row, and its
 * quota on the channel's used total, in one transaction.
 */
export async function acceptTask(
  ctx: AppContext,
  table: TaskTable,
  rowId: number,
  changes: Updateable<MidjourneysTable> & Updateable<TasksTable>,
  channelId: number,
  quota: number,
  requestId = '',
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await updateTaskRow(trx, table, rowId, { ...changes, channel_id: channelId });
    if (quota > 0) await addChannelUsedQuota(trx, channelId, quota);
    // After a retry another channel served it than the one the consume log was written for.
    if (requestId) await setConsumeLogChannel(trx, requestId, channelId);
  });
}
