import type { Db } from '../client.js';

/** The kinds of record `npm run import` maps from a source to this database. */
export type ImportKind = 'user' | 'token' | 'channel' | 'redemption' | 'top_up' | 'option';

/** Source id → id here, for every record of `kind` already imported from `source`. */
export async function importedIds(
  db: Db,
  source: string,
  kind: ImportKind,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('import_map')
    .select(['source_id', 'target_id'])
    .where('source', '=', source)
    .where('kind', '=', kind)
    .execute();
  return new Map(rows.map((r) => [r.source_id, Number(r.target_id)]));
}

/** Records that a source record is imported as `targetId` (in the caller's transaction). */
export async function rememberImport(
  db: Db,
  row: { source: string; kind: ImportKind; sourceId: string; targetId: number; now: number },
): Promise<void> {
  await db
    .insertInto('import_map')
    .values({
      source: row.source,
      kind: row.kind,
      source_id: row.sourceId,
      target_id: row.targetId,
      created_at: row.now,
    })
    .execute();
}

/** The last source log id imported from `source` (0 before the first). */
export async function logCursor(db: Db, source: string): Promise<number> {
  const row = await db
    .selectFrom('import_map')
    .select('target_id')
    .where('source', '=', source)
    .where('kind', '=', 'log_cursor')
    .where('source_id', '=', '')
    .executeTakeFirst();
  return row ? Number(row.target_id) : 0;
}

/** Moves the log cursor of `source` to `lastId` (in the caller's transaction). */
export async function moveLogCursor(
  db: Db,
  source: string,
  lastId: number,
  now: number,
): Promise<void> {
  const moved = await db
    .updateTable('import_map')
    .set({ target_id: lastId, created_at: now })
    .where('source', '=', source)
    .where('kind', '=', 'log_cursor')
    .where('source_id', '=', '')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) > 0) return;
  await db
    .insertInto('import_map')
    .values({ source, kind: 'log_cursor', source_id: '', target_id: lastId, created_at: now })
    .execute();
}
