import type { StatusData } from '@gateway/shared';
import { apiGet } from '../../lib/api';
import { storage } from '../../lib/storage';

/** `GET /api/status`; failures are reported by the caller with the connection message. */
export const fetchStatus = () => apiGet<StatusData>('/api/status', { silent: true });

/** `GET /api/notice`: the announcement in Markdown. */
export const fetchNotice = () => apiGet<string>('/api/notice', { silent: true });

/** `GET /api/css`: custom CSS. */
export const fetchCustomCss = () => apiGet<string>('/api/css', { silent: true });

/** `GET /api/javascript`: custom HTML or script. */
export const fetchCustomJavaScript = () => apiGet<string>('/api/javascript', { silent: true });

/** Keeps the status and the individual keys of spec section 3 ("Stored locally"). */
export function cacheStatus(status: StatusData): void {
  storage.setJson('status', status);
  const keys: Record<string, string> = {
    system_name: status.system_name,
    logo: status.logo,
    footer_html: status.footer_html,
    quota_per_unit: String(status.quota_per_unit),
    display_in_currency: String(status.display_in_currency),
    chat_link: status.chat_link,
    api_doc_link: status.api_doc_link,
    seo_description: status.seo_description,
    seo_keywords: status.seo_keywords,
    version: status.version,
  };
  for (const [key, value] of Object.entries(keys)) storage.set(key, value ?? '');
}

/** The status cached by an earlier visit, if any. */
export const cachedStatus = () => storage.getJson<StatusData>('status');
