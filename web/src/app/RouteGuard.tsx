import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/ui/PageSpinner';
import NotFoundPage from '../features/errors/NotFoundPage';
import { useStatus } from '../features/status/hooks/useStatus';
import { useStoredUser } from '../lib/session';
import { decideAccess, loginPathFor } from './access';
import type { RouteDef } from './route-table';

/** Whether a route's status condition holds; undefined while the status is unknown. */
export function useRouteAvailable(def: RouteDef | undefined): boolean | undefined {
  const { status } = useStatus();
  if (!def?.available) return true;
  return status ? def.available(status) : undefined;
}

/** Applies the access check of spec section 2 before rendering a route's page. */
export function RouteGuard({ def }: { def: RouteDef }) {
  const user = useStoredUser();
  const location = useLocation();
  const available = useRouteAvailable(def);
  if (available === undefined) return <PageSpinner />;
  if (!available) return <NotFoundPage />;
  const decision = decideAccess(def.permission, user);
  if (decision === 'login') {
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  if (decision === 'unauthorized') return <Navigate to="/unauthorized" replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <def.Page />
    </Suspense>
  );
}
