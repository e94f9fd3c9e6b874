import { LogType } from '@gateway/shared';
import type { Db } from '../db/client.js';
import { logCursor, moveLogCursor } from '../db/queries/import-map.js';
import { insertLogRows } from '../db/queries/logs.js';
import { addToQuotaData, type QuotaDataIncrement } from '../db/queries/quota-data.js';
import { int, logValues, text } from './records.js';
import type { KindReport } from './report.js';
import type { Source } from './source.js';

/** Source logs read at a time. */
const batchSize = 1000;
/** Log rows written per statement (18 columns each: well under every engine's limits). */
const logChunk = 500;

/** Source id → id here, for the records logs point at. */
export interface ImportedIds {
  users: ReadonlyMap<string, number>;
  tokens: ReadonlyMap<string, number>;
  channels: ReadonlyMap<string, number>;
}

/** An id here for a source id (0 when it was not imported, or only planned in a dry run). */
const idHere = (ids: ReadonlyMap<string, number>, sourceId: unknown) =>
  Math.max(0, ids.get(text(sourceId)) ?? 0);

/**
 * Brings the source's logs after the cursor of earlier runs, a batch per transaction with the
 * hourly roll-ups of its consume logs and the moved cursor, so an interrupted run continues
 * where it stopped.
 */
export async function importLogs(
  db: Db,
  source: Source,
  kind: KindReport,
  options: { dryRun: boolean; ids: ImportedIds; now: number },
): Promise<void> {
  let cursor = await logCursor(db, source.name);
  const remaining = await source.countAfter('logs', cursor);
  kind.already = cursor > 0 ? (await source.countAfter('logs', 0)) - remaining : 0;
  kind.found = kind.already + remaining;
  if (options.dryRun) {
    kind.imported = remaining;
    return;
  }
  const { ids } = options;
  for (;;) {
    const batch = await source.after('logs', cursor, batchSize);
    if (batch.length === 0) return;
    const rows = batch.map((row) =>
      logValues(row, {
        userId: idHere(ids.users, row.user_id),
        tokenId: idHere(ids.tokens, row.token_id),
        channelId: idHere(ids.channels, row.channel_id ?? row.channel),
      }),
    );
    cursor = int(batch[batch.length - 1]?.id);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += logChunk) {
        await insertLogRows(trx, rows.slice(i, i + logChunk));
      }
      await addToQuotaData(trx, rollUp(rows));
      await moveLogCursor(trx, source.name, cursor, options.now);
    });
    kind.imported += rows.length;
  }
}

/** The dashboard's hourly roll-ups of a batch of consume logs, one row per bucket. */
function rollUp(rows: ReturnType<typeof logValues>[]): QuotaDataIncrement[] {
  const buckets = new Map<string, QuotaDataIncrement>();
  for (const row of rows) {
    if (row.type !== LogType.consume || !row.user_id) continue;
    const hour = row.created_at - (row.created_at % 3600);
    const key = `${row.user_id}\u0000${row.model_name ?? ''}\u0000${hour}`;
    const bucket = buckets.get(key) ?? {
      user_id: row.user_id,
      username: row.username ?? '',
      model_name: row.model_name ?? '',
      created_at: hour,
      token_used: 0,
      count: 0,
      quota: 0,
    };
    bucket.token_used += (row.prompt_tokens ?? 0) + (row.completion_tokens ?? 0);
    bucket.count += 1;
    bucket.quota += row.quota ?? 0;
    buckets.set(key, bucket);
  }
  return [...buckets.values()];
}
