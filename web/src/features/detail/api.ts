import type { UsageDataRow } from '@gateway/shared';
import { api } from '../../lib/api';
import type { Granularity } from './lib/aggregate';

/** Query of the usage dashboard. */
export interface UsageQuery {
  start_timestamp: number;
  end_timestamp: number;
  granularity: Granularity;
  /** Admins only: one user's usage. */
  username?: string;
}

/** Own usage (or everyone's for admins) per model and bucket, bucketed in local time. */
export const fetchUsageData = (admin: boolean, query: UsageQuery) =>
  api.get<UsageDataRow[]>(admin ? '/api/data/' : '/api/data/self', {
    query: { ...query, tz_offset: -new Date().getTimezoneOffset() * 60 },
  });
