import type { StatusData } from '@gateway/shared';
import { useQuery } from '@tanstack/react-query';
import { cacheStatus, cachedStatus, fetchStatus } from '../api';

/** The status query: served from the local cache at once, refreshed from the server. */
export function useStatusQuery() {
  return useQuery({
    queryKey: ['status'],
    queryFn: async () => {
      const status = await fetchStatus();
      cacheStatus(status);
      return status;
    },
    initialData: () => cachedStatus() ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
}

/** Site name and logo with their defaults ("API", `/logo.png`). */
export interface SiteIdentity {
  systemName: string;
  logo: string;
}

/** The status object, or undefined before the first answer; plus the site identity. */
export function useStatus(): { status: StatusData | undefined } & SiteIdentity {
  const { data } = useStatusQuery();
  return {
    status: data,
    systemName: data?.system_name || 'API',
    logo: data?.logo || '/logo.png',
  };
}
