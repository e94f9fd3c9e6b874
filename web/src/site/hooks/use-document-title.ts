import { useEffect } from 'react';
import { useSiteInfo } from './use-status';

/** Sets the tab title to "<page> - <system name>", or the system name alone. */
export function useDocumentTitle(page?: string): void {
  const { systemName } = useSiteInfo();
  useEffect(() => {
    document.title = page ? `${page} - ${systemName}` : systemName;
  }, [page, systemName]);
}
