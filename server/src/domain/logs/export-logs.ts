import type { Db } from '../../db/client.js';
import { channelNames, logsAfter, type LogRow, type LogWhere } from '../../db/queries/logs.js';
import { csvLine, type CsvValue, type LogItem } from '@gateway/shared';
import { toLogItem, type LogView } from './log-item.js';

/** Rows read per query while exporting; memory stays at one page whatever the range. */
export const exportPageSize = 1000;

/** Byte-order mark so that spreadsheet programs read the file as UTF-8. */
const bom = '\uFEFF';

type Column = [header: string, value: (item: LogItem) => CsvValue];

const utcTime = (seconds: number) =>
  new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

const leading: Column[] = [
  ['id', (i) => i.id],
  ['time_utc', (i) => utcTime(i.created_at)],
  ['created_at', (i) => i.created_at],
  ['type', (i) => i.type],
  ['username', (i) => i.username],
  ['token_name', (i) => i.token_name],
  ['model_name', (i) => i.model_name],
  ['group', (i) => i.group],
];
const channelColumns: Column[] = [
  ['channel', (i) => i.channel],
  ['channel_name', (i) => i.channel_name],
];
const trailing: Column[] = [
  ['prompt_tokens', (i) => i.prompt_tokens],
  ['completion_tokens', (i) => i.completion_tokens],
  ['cache_tokens', (i) => i.cache_tokens],
  ['cache_write_tokens', (i) => i.cache_write_tokens],
  ['image_tokens', (i) => i.image_tokens],
  ['audio_tokens', (i) => i.audio_tokens],
  ['text_tokens', (i) => i.text_tokens],
  ['reasoning_tokens', (i) => i.reasoning_tokens],
  ['quota', (i) => i.quota],
  ['use_time_ms', (i) => i.use_time],
  ['frt_ms', (i) => i.frt],
  ['is_stream', (i) => (i.is_stream ? 1 : 0)],
  ['ip', (i) => i.ip],
  ['request_id', (i) => i.request_id],
  ['content', (i) => i.content],
  ['other', (i) => i.other],
];

/** The export's columns for a viewer: the channel only for admins. */
export function exportColumns(view: LogView): Column[] {
  return view === 'admin'
    ? [...leading, ...channelColumns, ...trailing]
    : [...leading, ...trailing];
}

/**
 * Starts a CSV export of the matching logs, oldest first. The first page is read before
 * returning, so a failing query becomes an ordinary error response; the rest is read page
 * by page (keyset on created_at, id) as the consumer pulls.
 */
export async function openLogExport(
  db: Db,
  where: LogWhere,
  view: LogView,
  pageSize = exportPageSize,
): Promise<AsyncGenerator<string>> {
  const columns = exportColumns(view);
  const first = await logsAfter(db, where, null, pageSize);
  const names = new Map<number, string>();

  const render = async (rows: LogRow[]): Promise<string> => {
    if (view === 'admin') {
      const missing = [...new Set(rows.map((r) => r.channel_id))].filter((id) => !names.has(id));
      for (const [id, name] of await channelNames(db, missing)) names.set(id, name);
    }
    let out = '';
    for (const row of rows) {
      const item = toLogItem(row, view, names);
      out += csvLine(columns.map(([, value]) => value(item)));
    }
    return out;
  };

  return (async function* () {
    yield bom + csvLine(columns.map(([header]) => header));
    let rows = first;
    while (rows.length > 0) {
      yield await render(rows);
      if (rows.length < pageSize) return;
      const last = rows[rows.length - 1];
      rows = await logsAfter(
        db,
        where,
        { createdAt: Number(last.created_at), id: Number(last.id) },
        pageSize,
      );
    }
  })();
}
