import type { SetupRequest, SetupState } from '@gateway/shared';
import { apiGet, apiSend } from '../../lib/api';

/** `GET /api/setup`: whether root exists yet. */
export const fetchSetupState = () => apiGet<SetupState>('/api/setup', { silent: true });

/** `POST /api/setup`: creates the root account (only once). */
export const createRoot = (body: SetupRequest) => apiSend('POST', '/api/setup', body);
