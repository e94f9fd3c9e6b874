import type {
  AgentItem,
  AgentSelf,
  DividendItem,
  ManageAgentRequest,
  Page,
  WithdrawalItem,
} from '@gateway/shared';
import { api } from '../../lib/api';

export const fetchAgentSelf = () => api.get<AgentSelf>('/api/agent/self');
export const applyAsAgent = (body: { contact: string; note: string }) =>
  api.post<null>('/api/agent/apply', body);
export const fetchInvitedUsers = (p: number, pageSize: number) =>
  api.get<
    Page<{
      id: number;
      username: string;
      created_at: number;
      used_quota: number;
      topup_quota: number;
    }>
  >('/api/agent/self/users', { query: { p, page_size: pageSize } });
export const fetchDividends = (p: number, pageSize: number) =>
  api.get<Page<DividendItem>>('/api/agent/self/dividends', { query: { p, page_size: pageSize } });
export const fetchOwnWithdrawals = (p: number, pageSize: number) =>
  api.get<Page<WithdrawalItem>>('/api/agent/self/withdrawals', {
    query: { p, page_size: pageSize },
  });
export const requestWithdrawal = (body: { quota: number; account: string }) =>
  api.post<null>('/api/agent/withdraw', body);

export const fetchAgents = (status: string | undefined, p: number, pageSize: number) =>
  api.get<Page<AgentItem>>('/api/agent/', { query: { status, p, page_size: pageSize } });
export const manageAgent = (body: ManageAgentRequest) => api.put<null>('/api/agent/', body);

export const fetchWithdrawals = (status: string | undefined, p: number, pageSize: number) =>
  api.get<Page<WithdrawalItem>>('/api/withdrawal/', { query: { status, p, page_size: pageSize } });
export const reviewWithdrawal = (id: number, body: { action: 'paid' | 'reject'; reason: string }) =>
  api.post<null>(`/api/withdrawal/${id}/review`, body);

/** Credits dividends for closed days now (administrators). */
export const settleDividends = () => api.post<{ credited: number }>('/api/agent/settle');
