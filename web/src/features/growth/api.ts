import type { AffInfo, CheckinDay, CheckinStatus, LedgerEntry, Page } from '@gateway/shared';
import { api } from '../../lib/api';

/** A month (`YYYY-MM`) of own check-ins, the last three days and today's state. */
export const fetchCheckin = (month: string) =>
  api.get<CheckinStatus>('/api/user/checkin', { query: { month } });

/** Checks in for today; answers the day and the reward. */
export const checkIn = () => api.post<CheckinDay>('/api/user/checkin');

/** Own invitation code, invitees and invitation balance. */
export const fetchAffInfo = () => api.get<AffInfo>('/api/user/aff/info');

/** Moves invitation balance into the quota. */
export const transferAff = (quota: number) => api.post<null>('/api/user/aff_transfer', { quota });

/** Own invitation-balance rows (rewards earned, transfers out), newest first. */
export const fetchRebates = (p: number, pageSize: number) =>
  api.get<Page<LedgerEntry>>('/api/ledger/self', {
    query: { account: 'aff', p, page_size: pageSize },
  });
