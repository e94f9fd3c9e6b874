import { useQuery } from '@tanstack/react-query';
import { fetchUptime } from '../api';

/** The monitors of the configured status page, refreshed every minute. */
export function useUptime(url: string) {
  return useQuery({
    queryKey: ['uptime', url],
    queryFn: () => fetchUptime(url),
    enabled: url !== '',
    refetchInterval: 60_000,
    retry: false,
  });
}
