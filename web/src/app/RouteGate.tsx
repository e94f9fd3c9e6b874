import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/common/PageSpinner';
import { useDocumentTitle } from '../site/hooks/use-document-title';
import { useStatus } from '../site/hooks/use-status';
import { useUser } from '../lib/user-store';
import { checkAccess, loginPath } from './guards';
import { notFoundEntry, type RouteEntry } from './route-table';

/** Renders a route's page after its checks: feature flag, sign-in, role. */
export function RouteGate({ entry }: { entry: RouteEntry }) {
  const { t } = useTranslation('layout');
  const user = useUser();
  const status = useStatus();
  const location = useLocation();
  const statusKnown = status.version !== undefined;
  const enabled = !entry.enabledWhen || entry.enabledWhen(status);
  const shown = enabled || !statusKnown ? entry : notFoundEntry;
  useDocumentTitle(t(shown.title));

  if (entry.enabledWhen && !statusKnown) return <PageSpinner />;
  const access = checkAccess(shown.permission, user);
  if (access === 'login') {
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  if (access === 'denied') return <Navigate to="/unauthorized" replace />;
  const Page = shown.page;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}
