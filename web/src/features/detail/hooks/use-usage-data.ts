import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchUsageData, type UsageQuery } from '../api';

/** Usage rows for the dashboard query. */
export function useUsageData(admin: boolean, query: UsageQuery, enabled = true) {
  return useQuery({
    queryKey: ['usage-data', admin, query],
    queryFn: () => fetchUsageData(admin, query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
