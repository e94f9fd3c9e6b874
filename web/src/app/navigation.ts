import type { StatusData } from '@gateway/shared';
import type { NavGroup, NavLink, Navigation } from '../components/layout/navigation-context';
import { checkAccess } from './guards';
import type { RouteEntry, SideGroup } from './route-table';

const sideGroups: ReadonlyArray<{ key: SideGroup; title?: string }> = [
  { key: 'main' },
  { key: 'finance', title: 'nav.finance' },
  { key: 'personal', title: 'nav.personal' },
  { key: 'admin', title: 'nav.admin' },
];

/**
 * The top navigation and the sidebar for a user and the status flags, from the route table:
 * a route appears where its `nav` places it, while `enabledWhen` and `shownWhen` hold. The top
 * navigation is the same for everyone (a link to a signed-in page leads to sign-in); the
 * sidebar lists only what the user's role may open, by each route's permission.
 */
export function buildNavigation(
  routes: readonly RouteEntry[],
  status: Partial<StatusData>,
  user: { role: number } | null,
): Navigation {
  const shown = routes.filter(
    (r) => r.nav && (r.enabledWhen?.(status) ?? true) && (r.nav.shownWhen?.(status) ?? true),
  );
  const link = (r: RouteEntry): NavLink => ({ path: r.path, title: r.title, icon: r.nav!.icon });
  const top = shown
    .filter((r) => r.nav!.top !== undefined)
    .sort((a, b) => a.nav!.top! - b.nav!.top!)
    .map(link);
  const side: NavGroup[] = sideGroups.flatMap(({ key, title }) => {
    const links = shown
      .filter((r) => r.nav!.side?.[0] === key && checkAccess(r.permission, user) === 'allow')
      .sort((a, b) => a.nav!.side![1] - b.nav!.side![1])
      .map(link);
    return links.length > 0 ? [{ key, title, links }] : [];
  });
  return { top, side };
}
