import { Drawer, Layout, theme } from 'antd';
import { useState } from 'react';
import { useStatus } from '../../features/status/hooks/useStatus';
import { headerHeight } from './AppHeader';
import { SidebarMenu } from './SidebarMenu';

/** The desktop sidebar: sticky under the header, collapsible, starting per the setting. */
export function AppSidebar() {
  const { token } = theme.useToken();
  const { status } = useStatus();
  const [collapsed, setCollapsed] = useState<boolean | null>(null);
  const isCollapsed = collapsed ?? status?.default_collapse_sidebar ?? false;
  return (
    <Layout.Sider
      collapsible
      collapsed={isCollapsed}
      onCollapse={setCollapsed}
      width={208}
      theme="light"
      data-testid="sidebar"
      style={{
        position: 'sticky',
        top: headerHeight,
        height: `calc(100vh - ${headerHeight}px)`,
        overflow: 'auto',
        background: token.colorBgContainer,
        borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <SidebarMenu />
    </Layout.Sider>
  );
}

/** The mobile sidebar: a slide-over drawer with a dimmed backdrop. */
export function MobileSidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={260}
      closable={false}
      mask
      styles={{ body: { padding: 0 } }}
      rootClassName="mobile-sidebar"
      data-testid="sidebar-drawer"
    >
      <SidebarMenu onNavigate={onClose} />
    </Drawer>
  );
}
