import type { StatusData } from '@gateway/shared';
import { readJson, writeJson, writeString } from '../../lib/storage';

/** Status fields also kept under their own localStorage key, for code that reads one alone. */
const individualKeys = [
  'system_name',
  'logo',
  'footer_html',
  'quota_per_unit',
  'display_in_currency',
  'chat_link',
  'api_doc_link',
  'seo_description',
  'seo_keywords',
  'version',
  'server_address',
] as const satisfies ReadonlyArray<keyof StatusData>;

/** Stores the status object whole (`status`) and its individual keys. */
export function cacheStatus(status: StatusData): void {
  writeJson('status', status);
  for (const key of individualKeys) {
    const value = status[key];
    writeString(key, value === undefined || value === null ? null : String(value));
  }
}

/** The status cached by the last visit, so the first paint already has the right name and flags. */
export function readCachedStatus(): StatusData | undefined {
  return readJson<StatusData>('status') ?? undefined;
}
