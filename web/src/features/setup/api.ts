import type { SetupRequest } from '@gateway/shared';
import { api } from '../../lib/api';

/** `POST /api/setup`: creates the root account (once). */
export const createRoot = (body: SetupRequest) => api.post<null>('/api/setup', body);
