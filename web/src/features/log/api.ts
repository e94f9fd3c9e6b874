import type { LogItem, LogStat, Page } from '@gateway/shared';
import { ApiError, api } from '../../lib/api';
import { saveBlob } from '../../lib/download';
import { userStore } from '../../lib/user-store';

/** Filters of the log list, stats and export (admins may also use `username` and `channel`). */
export interface LogFilter {
  type?: number;
  start_timestamp?: number;
  end_timestamp?: number;
  token_name?: string;
  model_name?: string;
  group?: string;
  request_id?: string;
  username?: string;
  channel?: number;
}

const base = (admin: boolean) => (admin ? '/api/log' : '/api/log/self');

/** Own logs, or all logs for admins, newest first. */
export const fetchLogs = (admin: boolean, filter: LogFilter, p: number, page_size: number) =>
  api.get<Page<LogItem>>(admin ? '/api/log/' : '/api/log/self', {
    query: { ...filter, p, page_size },
  });

/** Consumed quota over the filter, and requests and tokens of the last minute. */
export const fetchLogStat = (admin: boolean, filter: LogFilter) =>
  api.get<LogStat>(`${base(admin)}/stat`, { query: { ...filter } });

/**
 * Downloads the CSV export of the filter. A plain link would not carry the user-id header the
 * server requires, so the file is fetched and handed to the browser as a blob.
 */
export async function downloadLogCsv(admin: boolean, filter: LogFilter): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) {
    if (v !== undefined && v !== '' && v !== null) params.set(k, String(v));
  }
  const response = await fetch(`${base(admin)}/export?${params.toString()}`, {
    headers: { 'New-Api-User': String(userStore.get()?.id ?? -1), 'Cache-Control': 'no-store' },
    credentials: 'same-origin',
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/csv')) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(payload?.message || response.statusText, response.status);
  }
  const name =
    /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'logs.csv';
  saveBlob(name, await response.blob());
}
