import type { StatusData } from '@gateway/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { defaultQuotaDisplay, type QuotaDisplay } from '../../lib/quota';
import { fetchStatus } from '../api';
import { cacheStatus, readCachedStatus } from '../lib/status-cache';

/** The status object (cached copy first, refreshed from the server); empty until known. */
export function useStatus(): Partial<StatusData> {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['status'],
    queryFn: async () => {
      try {
        const status = await fetchStatus();
        cacheStatus(status);
        return status;
      } catch (error) {
        notify.error(t('errors.serverUnreachable'));
        throw error;
      }
    },
    initialData: readCachedStatus,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
    retry: false,
  });
  return query.data ?? {};
}

/** Branding and money display derived from the status (defaults: name `API`, `/logo.png`). */
export function useSiteInfo(): { systemName: string; logo: string; quota: QuotaDisplay } {
  const status = useStatus();
  return {
    systemName: status.system_name || 'API',
    logo: status.logo || '/logo.png',
    quota: {
      displayInCurrency: status.display_in_currency ?? defaultQuotaDisplay.displayInCurrency,
      quotaPerUnit: status.quota_per_unit || defaultQuotaDisplay.quotaPerUnit,
    },
  };
}
