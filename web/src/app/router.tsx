import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { ConsoleLayout } from './layouts/ConsoleLayout';
import { notFoundEntry, routeTable } from './route-table';
import { RouteGate } from './RouteGate';

const toRoute = (entry: (typeof routeTable)[number]): RouteObject => ({
  path: entry.path,
  element: <RouteGate entry={entry} />,
  errorElement: <RouteErrorPage />,
  handle: entry,
});

/** The console's router: every route of the table inside the layout, then not-found. */
export const router = createBrowserRouter([
  {
    element: <ConsoleLayout />,
    children: [...routeTable.map(toRoute), toRoute(notFoundEntry)],
  },
]);
