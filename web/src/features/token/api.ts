import type {
  CreateTokenRequest,
  Page,
  TokenItem,
  TokenListParams,
  UpdateTokenRequest,
  UsableGroupMap,
} from '@gateway/shared';
import { api } from '../../lib/api';

/** Own keys, masked, filtered and paged. */
export const fetchTokens = (query: TokenListParams) =>
  api.get<Page<TokenItem>>('/api/token/', { query: { ...query } });

/** Creates one key, or `count` numbered keys. */
export const createTokens = (body: CreateTokenRequest) =>
  api.post<TokenItem[]>('/api/token/', body);

/** Edits a key; omitted fields keep their value. */
export const updateToken = (body: UpdateTokenRequest) => api.put<TokenItem>('/api/token/', body);

/** Enables (1) or disables (2) a key. */
export const setTokenStatus = (id: number, status: number) =>
  api.put<TokenItem>('/api/token/', { id, status }, { query: { status_only: 'true' } });

/** Deletes one key. */
export const deleteToken = (id: number) => api.delete<null>(`/api/token/${id}`);

/** Deletes several keys; answers how many. */
export const deleteTokens = (ids: number[]) => api.post<number>('/api/token/batch', { ids });

/** The full key of one of the user's keys, with the `sk-` prefix added. */
export async function revealKey(id: number): Promise<string> {
  const { key } = await api.post<{ key: string }>(`/api/token/${id}/key`);
  return key.startsWith('sk-') ? key : `sk-${key}`;
}

/** Model names the signed-in user may use. */
export const fetchUserModels = () => api.get<string[]>('/api/user/models', { silent: true });

/** Groups the signed-in user may choose for a key, with ratio and description. */
export const fetchUserGroups = () =>
  api.get<UsableGroupMap>('/api/user/self/groups', { silent: true });
