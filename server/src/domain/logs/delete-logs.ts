import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client.js';
import { deleteLogRange, oldLogIds } from '../../db/queries/logs.js';

/** How a long deletion behaves. */
export interface DeleteLogsOptions {
  /** Rows per statement; small batches keep each lock and transaction short. */
  batchSize?: number;
  /** Pause between batches so that relay writes get the database in between. */
  pauseMs?: number;
  /** Stops between batches (shutdown); what was deleted stays deleted. */
  signal?: AbortSignal;
}

/**
 * Deletes every log created before `cutoff` (Unix seconds), one id range at a time, and
 * returns how many rows went. Each batch is its own short statement, so a huge backlog
 * never holds one long lock.
 */
export async function deleteLogsBefore(
  db: Db,
  cutoff: number,
  { batchSize = 5000, pauseMs = 0, signal }: DeleteLogsOptions = {},
): Promise<number> {
  let deleted = 0;
  while (!signal?.aborted) {
    const ids = await oldLogIds(db, cutoff, batchSize);
    if (ids.length === 0) break;
    let low = ids[0];
    let high = ids[0];
    for (const id of ids) {
      if (id < low) low = id;
      if (id > high) high = id;
    }
    deleted += await deleteLogRange(db, low, high, cutoff);
    if (ids.length < batchSize) break;
    await sleep(pauseMs);
  }
  return deleted;
}
