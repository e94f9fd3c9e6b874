import type { SetupState, StatusData } from '@gateway/shared';
import { api } from '../lib/api';

/** `GET /api/status`: site configuration and feature flags. */
export const fetchStatus = () => api.get<StatusData>('/api/status', { silent: true });

/** `GET /api/setup`: whether the first-run setup is done. */
export const fetchSetupState = () => api.get<SetupState>('/api/setup', { silent: true });

/** `GET /api/notice`: the announcement (Markdown), empty for none. */
export const fetchNotice = () => api.get<string>('/api/notice', { silent: true });

/** `GET /api/css`: custom CSS for every page. */
export const fetchCustomCss = () => api.get<string>('/api/css', { silent: true });

/** `GET /api/javascript`: custom script (or HTML with scripts) for every page. */
export const fetchCustomJavaScript = () => api.get<string>('/api/javascript', { silent: true });
