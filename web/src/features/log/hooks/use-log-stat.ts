import { useQuery } from '@tanstack/react-query';
import { fetchLogStat, type LogFilter } from '../api';

/** Totals of the filter: quota, RPM and TPM. */
export function useLogStat(admin: boolean, filter: LogFilter) {
  return useQuery({
    queryKey: ['logs', 'stat', admin, filter],
    queryFn: () => fetchLogStat(admin, filter),
  });
}
