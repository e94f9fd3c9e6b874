import { LogType } from '@gateway/shared';
import type { Insertable, Updateable } from 'kysely';
import { runAsync } from '../../billing/ledger/program.js';
import {
  chargeTaskProgram,
  refundTaskProgram,
  type TaskPayer,
} from '../../billing/ledger/task-moves.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
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
 * Charges a task and records it in one transaction: the guarded debit of user and key, the
 * used totals, the consume log and the row. Throws `insufficient_user_quota` /
 * `insufficient_token_quota` (403) with nothing written. Returns the row id.
 */
export function chargeNewTask(
  ctx: AppContext,
  payer: TaskPayer,
  log: Insertable<LogsTable> | null,
  insert: (trx: Db) => Promise<number>,
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const refusal = await runAsync(trx, () => chargeTaskProgram(payer, log, nowSeconds()));
    if (refusal) throw refusal;
    return insert(trx);
  });
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
  return ctx.db.transaction().execute(async (trx) => {
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
      refundTaskProgram(table, row.id, payerOf(table, row), log, nowSeconds()),
    );
    return true;
  });
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
