import type { UpdateSelfRequest } from '@gateway/shared';
import { api } from '../../lib/api';

/** `PUT /api/user/self`: display name, language or password (with the original one). */
export const updateSelf = (body: UpdateSelfRequest) => api.put<null>('/api/user/self', body);

/** `GET /api/user/token`: generates a new personal access token, replacing the old one. */
export const rotateAccessToken = () => api.get<string>('/api/user/token');

/** `DELETE /api/user/self`: closes the account out for good. */
export const closeAccount = (confirmUsername: string) =>
  api.delete<null>('/api/user/self', { confirm_username: confirmUsername });
