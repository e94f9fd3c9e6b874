import { Layout, theme } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { AppFooter } from '../../components/layout/AppFooter';
import { AppHeader, headerHeight } from '../../components/layout/AppHeader';
import { AppSidebar, MobileSidebar } from '../../components/layout/AppSidebar';
import { QrContactButton } from '../../components/layout/QrContactButton';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { useSetupState } from '../../features/setup/hooks/useSetupState';
import { SiteEffects } from '../../features/status/components/SiteEffects';
import { registerNavigator } from '../../lib/navigation';
import { useStoredUser } from '../../lib/session';
import { useIsMobile } from '../../lib/use-media';
import { useRouteAvailable } from '../RouteGuard';
import { noSidebarPaths, type RouteDef } from '../route-table';

/** Content offset from the top of the page (spec section 9). */
const contentOffset = 68;

/** Header, optional sidebar (drawer on mobile), the page, and the footer unless NF. */
export function RootLayout() {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const def = useMatches().at(-1)?.handle as RouteDef | undefined;
  const available = useRouteAvailable(def) !== false;
  const user = useStoredUser();
  const mobile = useIsMobile();
  const setup = useSetupState();
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => registerNavigator((to) => navigate(to)), [navigate]);
  useEffect(() => setDrawerOpen(false), [pathname]);

  if (setup.data?.status === false && pathname !== '/welcome') {
    return <Navigate to="/welcome" replace />;
  }

  const sidebar = !!def?.sidebar && available && !!user && !noSidebarPaths.includes(pathname);
  const footer = !!def?.footer && available;
  const plain = !!def?.plain;

  return (
    <Layout style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <SiteEffects />
      <AppHeader onOpenMenu={sidebar && mobile ? () => setDrawerOpen(true) : undefined} />
      <Layout hasSider={sidebar && !mobile} style={{ paddingTop: headerHeight }}>
        {sidebar && !mobile && <AppSidebar />}
        {sidebar && mobile && (
          <MobileSidebar open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        )}
        <Layout style={{ minWidth: 0, background: token.colorBgLayout }}>
          <Layout.Content
            data-testid="content"
            style={{
              paddingTop: plain ? 0 : contentOffset - headerHeight,
              paddingInline: plain ? 0 : mobile ? 8 : 16,
              paddingBottom: plain ? 0 : 16,
            }}
          >
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
          {footer && <AppFooter />}
        </Layout>
      </Layout>
      <QrContactButton />
    </Layout>
  );
}
