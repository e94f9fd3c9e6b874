import {
  taskPollIntervalSeconds,
  taskTimeoutMinutes,
} from '../../config/settings/groups/general.js';
import type { AppContext } from '../../context.js';
import {
  dueDrawings,
  dueTasks,
  postponePolls,
  type DrawingRow,
  type TaskRow,
} from '../../db/queries/tasks.js';
import { nowSeconds } from '../../lib/time.js';
import { applyTaskUpdate } from './apply-update.js';
import { failTask } from './task-money.js';
import type { TaskTable } from './task-types.js';

/** Rows read per table and round. */
const rowsPerRound = 500;
/** Upstream ids per query. */
const idsPerQuery = 100;
/** A row still without an upstream id this long after submit never reached the upstream. */
const submitGraceSeconds = 180;
/** The longest wait between polls of a task whose upstream keeps failing. */
const maxBackoffSeconds = 600;

type Row = DrawingRow | TaskRow;

/** When a row was submitted, in seconds (drawings count in milliseconds). */
const submittedAt = (table: TaskTable, row: Row) =>
  table === 'midjourneys' ? Math.floor(Number(row.submit_time) / 1000) : Number(row.submit_time);

const platformOf = (row: Row) => ('platform' in row ? row.platform : 'midjourney');

/** Why a row must end now without asking its upstream, or null. */
function expiry(ctx: AppContext, table: TaskTable, row: Row, now: number): string | null {
  const age = now - submittedAt(table, row);
  if (row.upstream_id === '') {
    return age > submitGraceSeconds ? 'the submission never reached the upstream' : null;
  }
  const timeout = ctx.settings.get(taskTimeoutMinutes);
  if (timeout > 0 && age > timeout * 60) return `timed out after ${timeout} minutes`;
  if (!ctx.channels.get(row.channel_id)) return 'the channel that ran the task was deleted';
  return null;
}

/** The wait before the next poll after `errors` failed polls in a row. */
function backoff(ctx: AppContext, errors: number): number {
  const base = Math.max(1, ctx.settings.get(taskPollIntervalSeconds));
  return Math.min(maxBackoffSeconds, base * 2 ** Math.min(errors, 10));
}

/** Asks one channel about a batch of its rows and applies the answers. */
async function pollBatch(ctx: AppContext, table: TaskTable, rows: Row[]): Promise<void> {
  const first = rows[0]!;
  const channel = ctx.channels.get(first.channel_id)!;
  const now = nowSeconds();
  let answers;
  try {
    answers = await ctx.taskUpstream.fetch(
      table,
      platformOf(first),
      channel,
      rows.map((r) => r.upstream_id),
    );
  } catch (error) {
    ctx.log.warn({ err: error, channel: channel.id, table }, 'task poll failed');
    const errors = Math.max(...rows.map((r) => r.poll_errors)) + 1;
    await postponePolls(
      ctx.db,
      table,
      rows.map((r) => r.id),
      now + backoff(ctx, errors),
      true,
    );
    return;
  }
  const missing: Row[] = [];
  for (const row of rows) {
    const update = answers.get(row.upstream_id);
    if (update) await applyTaskUpdate(ctx, table, row, update);
    else missing.push(row);
  }
  // Ids the upstream no longer knows are asked again less and less often until they time out.
  for (const row of missing) {
    await postponePolls(ctx.db, table, [row.id], now + backoff(ctx, row.poll_errors + 1), true);
  }
}

/** Polls the due rows of one table: expired ones end (refunded), the rest per channel. */
async function pollTable(ctx: AppContext, table: TaskTable, signal?: AbortSignal): Promise<void> {
  const now = nowSeconds();
  const rows: Row[] =
    table === 'midjourneys'
      ? await dueDrawings(ctx.db, now, rowsPerRound)
      : await dueTasks(ctx.db, now, rowsPerRound);
  const batches = new Map<string, Row[]>();
  for (const row of rows) {
    const reason = expiry(ctx, table, row, now);
    if (reason) {
      await failTask(ctx, table, row, { status: 'FAILURE' }, reason);
      continue;
    }
    if (row.upstream_id === '') continue;
    const key = `${platformOf(row)}:${row.channel_id}`;
    const batch = batches.get(key) ?? [];
    if (batch.push(row) === 1) batches.set(key, batch);
  }
  for (const batch of batches.values()) {
    for (let i = 0; i < batch.length; i += idsPerQuery) {
      if (signal?.aborted) return;
      await pollBatch(ctx, table, batch.slice(i, i + idsPerQuery));
    }
  }
}

/**
 * One round of the task poller: every unfinished drawing and task that is due is asked
 * about once, in batches per channel. Every end is a compare-and-set, so a round that runs
 * twice at once (two instances, a restart mid-round) changes and refunds each task once.
 */
export async function pollTasksOnce(ctx: AppContext, signal?: AbortSignal): Promise<void> {
  await pollTable(ctx, 'midjourneys', signal);
  await pollTable(ctx, 'tasks', signal);
}
