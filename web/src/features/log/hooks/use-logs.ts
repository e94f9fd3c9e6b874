import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchLogs, type LogFilter } from '../api';

/** One page of logs for the filter. */
export function useLogs(admin: boolean, filter: LogFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['logs', admin, filter, page, pageSize],
    queryFn: () => fetchLogs(admin, filter, page, pageSize),
    placeholderData: keepPreviousData,
  });
}
