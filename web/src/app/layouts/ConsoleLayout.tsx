import { Layout, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { PageSpinner } from '../../components/common/PageSpinner';
import { AppFooter } from '../../components/layout/AppFooter';
import { AppHeader } from '../../components/layout/AppHeader';
import { MobileNavDrawer } from '../../components/layout/MobileNavDrawer';
import { NavigationProvider } from '../../components/layout/navigation-context';
import { Sidebar, sidebarWidth } from '../../components/layout/Sidebar';
import { useIsMobile } from '../../lib/use-media';
import { NoticeProvider } from '../../site/components/NoticeProvider';
import { QrContactButton } from '../../site/components/QrContactButton';
import { SiteEffects } from '../../site/components/SiteEffects';
import { useSetupState } from '../../site/hooks/use-setup-state';
import { useStatus } from '../../site/hooks/use-status';
import { useUser } from '../../lib/user-store';
import { sidebarHiddenAt } from '../guards';
import { buildNavigation } from '../navigation';
import { notFoundEntry, routeTable, type RouteEntry } from '../route-table';

/** Space between the top of the window and the content: header 60 px plus 8 px. */
const contentOffset = 68;

/** The shell around every page: header, optional sidebar or drawer, content, footer. */
export function ConsoleLayout() {
  const { token } = theme.useToken();
  const matches = useMatches();
  const entry = (matches.at(-1)?.handle as RouteEntry | undefined) ?? notFoundEntry;
  const { pathname } = useLocation();
  const user = useUser();
  const status = useStatus();
  const setup = useSetupState();
  const mobile = useIsMobile();
  const [collapsedChoice, setCollapsed] = useState<boolean | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Navigating closes the drawer: its own links close it, and so do the browser's back and
  // forward. Not a comparison with the rendered path: right after a click to a page whose code
  // is still loading, the rendered path is the old one, and a drawer opened then would close
  // as soon as the new page appeared.
  useEffect(() => {
    if (!drawerOpen) return;
    const close = () => setDrawerOpen(false);
    window.addEventListener('popstate', close);
    return () => window.removeEventListener('popstate', close);
  }, [drawerOpen]);
  const collapsed = collapsedChoice ?? status.default_collapse_sidebar ?? false;
  const navigation = useMemo(() => buildNavigation(routeTable, status, user), [status, user]);

  if (setup.loading) return <PageSpinner />;
  if (!setup.done && pathname !== '/welcome') return <Navigate to="/welcome" replace />;

  const sidebar = Boolean(user) && entry.sidebar && !sidebarHiddenAt(pathname);
  const inset = sidebar && !mobile ? sidebarWidth[collapsed ? 'collapsed' : 'expanded'] : 0;

  return (
    <NavigationProvider value={navigation}>
      <NoticeProvider>
        <SiteEffects />
        <Layout style={{ minHeight: '100vh', background: token.colorBgLayout }}>
          <AppHeader mobile={mobile} onOpenMenu={() => setDrawerOpen(true)} />
          {sidebar && !mobile && (
            <Sidebar collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />
          )}
          <Layout
            style={{
              paddingTop: contentOffset,
              marginInlineStart: inset,
              transition: `margin-inline-start ${token.motionDurationMid}`,
              background: 'transparent',
            }}
          >
            <Layout.Content
              data-testid="content"
              style={{ padding: mobile ? '0 12px 16px' : '0 24px 24px', minWidth: 0 }}
            >
              <Outlet />
            </Layout.Content>
            {!entry.noFooter && <AppFooter />}
          </Layout>
          {mobile && <MobileNavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
          <QrContactButton />
        </Layout>
      </NoticeProvider>
    </NavigationProvider>
  );
}
