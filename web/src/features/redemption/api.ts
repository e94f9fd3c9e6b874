import type {
  CreateRedemptionRequest,
  Page,
  RedemptionItem,
  RedemptionListParams,
  UpdateRedemptionRequest,
} from '@gateway/shared';
import { api } from '../../lib/api';

/** Codes by name prefix or id and by state, newest first. */
export const fetchRedemptions = (query: RedemptionListParams) =>
  api.get<Page<RedemptionItem>>('/api/redemption/', { query: { ...query } });

/** Generates a batch; answers the new codes. */
export const generateRedemptions = (body: CreateRedemptionRequest) =>
  api.post<string[]>('/api/redemption/', body);

/** Edits name, quota and expiry. */
export const updateRedemption = (body: UpdateRedemptionRequest) =>
  api.put<RedemptionItem>('/api/redemption/', body);

/** Enables (1) or disables (2) a code. */
export const setRedemptionStatus = (id: number, status: number) =>
  api.put<RedemptionItem>('/api/redemption/', { id, status }, { query: { status_only: 'true' } });

/** Deletes one code. */
export const deleteRedemption = (id: number) => api.delete<null>(`/api/redemption/${id}`);

/** Deletes every used, disabled or expired code; answers how many. */
export const deleteInvalidRedemptions = () => api.delete<number>('/api/redemption/invalid');
