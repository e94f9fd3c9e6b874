import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import {
  updateOpenDrawing,
  updateOpenTask,
  type DrawingRow,
  type TaskRow,
} from '../../db/queries/tasks.js';
import type { MidjourneysTable, TasksTable } from '../../db/schema/index.js';
import { nowSeconds } from '../../lib/time.js';
import { failTask } from './task-money.js';
import type { TaskTable, TaskUpdate } from './task-types.js';

type Changes = Updateable<MidjourneysTable> & Updateable<TasksTable>;

/** Longest JSON kept from an upstream (MySQL's TEXT holds 64 KB). */
const maxJsonLength = 60_000;

/** The upstream's value as JSON text, or a marker when it is too large to keep. */
function jsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.length <= maxJsonLength ? text : JSON.stringify({ truncated: true });
}

/** States in which the upstream gave up on a task. */
const failedStates = new Set(['FAILURE', 'CANCEL']);

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The columns an update sets; what the upstream did not say keeps its stored value. */
function columnsOf(row: DrawingRow | TaskRow, u: TaskUpdate): Changes {
  const changes: Changes = { status: u.status, progress: u.progress, updated_at: nowSeconds() };
  if (u.failReason) changes.fail_reason = u.failReason.slice(0, 2000);
  if (u.startTime) changes.start_time = u.startTime;
  if ('mj_id' in row) {
    if (u.imageUrl !== undefined) changes.image_url = u.imageUrl.slice(0, 8000);
    if (u.videoUrl !== undefined) changes.video_url = u.videoUrl.slice(0, 8000);
    if (u.videoUrls !== undefined) changes.video_urls = jsonText(u.videoUrls);
    if (u.buttons !== undefined) changes.buttons = jsonText(u.buttons);
    if (u.promptEn !== undefined) changes.prompt_en = u.promptEn.slice(0, 8000);
    if (u.description !== undefined) changes.description = u.description.slice(0, 8000);
    if (u.properties !== undefined) {
      // Our own keys (the client's notify hook) stay beside what the upstream reports.
      changes.properties = jsonText({ ...u.properties, ...parseObject(row.properties) });
    }
  } else {
    if (u.data !== undefined) changes.data = jsonText(u.data);
    if (u.resultUrl !== undefined) changes.result_url = u.resultUrl.slice(0, 8000);
  }
  return changes;
}

/**
 * Applies what an upstream said about an unfinished task (a poll or a callback): progress
 * and previews, or its end — success, or failure (including cancellation) refunded exactly
 * once. A finished task never changes again. Returns whether the row changed.
 */
export async function applyTaskUpdate(
  ctx: AppContext,
  table: TaskTable,
  row: DrawingRow | TaskRow,
  update: TaskUpdate,
): Promise<boolean> {
  if (Number(row.finish_time) !== 0) return false;
  const changes = columnsOf(row, update);
  if (failedStates.has(update.status)) {
    const reason =
      update.failReason || (update.status === 'CANCEL' ? 'cancelled upstream' : 'failed upstream');
    return failTask(ctx, table, row, changes, reason);
  }
  if (update.status === 'SUCCESS') {
    changes.progress = '100%';
    changes.finish_time =
      update.finishTime || (table === 'midjourneys' ? Date.now() : nowSeconds());
  }
  changes.next_poll_at = 0;
  changes.poll_errors = 0;
  return table === 'midjourneys'
    ? updateOpenDrawing(ctx.db, row.id, changes)
    : updateOpenTask(ctx.db, row.id, changes);
}
