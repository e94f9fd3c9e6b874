import type { CapacityMap } from '@gateway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * What the capped rows on screen use of their caps now, refreshed every 5 s while shown:
 * `/api/channel/capacity` or `/api/token/capacity`. Nothing is asked when no row is capped.
 */
export function useCapacity(kind: 'channel' | 'token', cappedIds: number[]) {
  const ids = cappedIds.join(',');
  return useQuery({
    queryKey: [`${kind}-capacity`, ids],
    queryFn: () => api.get<CapacityMap>(`/api/${kind}/capacity`, { query: { ids } }),
    enabled: ids !== '',
    refetchInterval: 5_000,
  });
}
