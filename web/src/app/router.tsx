import { createBrowserRouter } from 'react-router-dom';
import NotFoundPage from '../features/errors/NotFoundPage';
import { RootLayout } from './layouts/RootLayout';
import { RouteGuard } from './RouteGuard';
import { routeTable, type RouteDef } from './route-table';

/** The catch-all: any other path shows "requested page not found" without the footer. */
const notFound: RouteDef = {
  path: '*',
  permission: 'public',
  sidebar: false,
  footer: false,
  name: 'notFound',
  Page: NotFoundPage,
};

/** The console router: one layout around the route table of spec section 2. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      ...routeTable.map((def) => ({ path: def.path, element: <RouteGuard def={def} />, handle: def })),
      { path: '*', element: <NotFoundPage />, handle: notFound },
    ],
  },
]);
