import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { fetchDailyUsage } from '../api';
import { summarizeWeek } from '../lib/week-usage';

/** Daily usage of the last 7 days (today included), summarised for the workbench. */
export function useWeekUsage() {
  return useQuery({
    queryKey: ['usage-data', 'panel-week'],
    queryFn: async () => {
      const today = dayjs().startOf('day');
      const start = today.subtract(6, 'day');
      const rows = await fetchDailyUsage(start.unix(), dayjs().endOf('day').unix());
      return summarizeWeek(rows, today.unix());
    },
    staleTime: 0,
  });
}
