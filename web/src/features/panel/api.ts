import type { UsageDataRow } from '@gateway/shared';
import { api } from '../../lib/api';

/** Own usage per day since `start` (local days). */
export const fetchDailyUsage = (start: number, end: number) =>
  api.get<UsageDataRow[]>('/api/data/self', {
    query: {
      granularity: 'day',
      start_timestamp: start,
      end_timestamp: end,
      tz_offset: -new Date().getTimezoneOffset() * 60,
    },
  });

/** The announcement (Markdown), empty when none. */
export const fetchNotice = () => api.get<string>('/api/notice', { silent: true });
