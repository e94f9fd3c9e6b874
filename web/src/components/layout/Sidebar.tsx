import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { SidebarMenu } from './SidebarMenu';

/** Sidebar widths in px, expanded and collapsed. */
export const sidebarWidth = { expanded: 220, collapsed: 72 } as const;

/** The fixed left sidebar below the header, with its collapse button at the bottom. */
export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  return (
    <Layout.Sider
      width={sidebarWidth.expanded}
      collapsedWidth={sidebarWidth.collapsed}
      collapsed={collapsed}
      trigger={null}
      theme="light"
      data-testid="sidebar"
      style={{
        position: 'fixed',
        top: 60,
        bottom: 0,
        insetInlineStart: 0,
        background: token.colorBgContainer,
        borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
        zIndex: 90,
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <div style={{ flex: 1, overflowY: 'auto', paddingTop: 8 }}>
          <SidebarMenu collapsed={collapsed} />
        </div>
        <div style={{ padding: 8, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
          <Button
            type="text"
            block
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={onToggle}
            aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
          >
            {collapsed ? null : t('sidebar.collapse')}
          </Button>
        </div>
      </div>
    </Layout.Sider>
  );
}
