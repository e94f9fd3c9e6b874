import { MenuOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NoticeCenter } from '../../features/notice/components/NoticeCenter';
import { useStatus } from '../../features/status/hooks/useStatus';
import { useIsMobile } from '../../lib/use-media';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ThemeButton } from './ThemeButton';
import { TopNav } from './TopNav';
import { UserMenu } from './UserMenu';

/** Header height (spec section 9). */
export const headerHeight = 60;

/** The fixed top bar: menu button (mobile), logo, navigation and the header actions. */
export function AppHeader({ onOpenMenu }: { onOpenMenu?: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { systemName, logo } = useStatus();
  const mobile = useIsMobile();
  return (
    <Layout.Header
      style={{
        position: 'fixed',
        insetInline: 0,
        top: 0,
        zIndex: 100,
        height: headerHeight,
        lineHeight: `${headerHeight}px`,
        paddingInline: mobile ? 8 : 16,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" gap={mobile ? 4 : 12} style={{ height: '100%' }}>
        {onOpenMenu && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('header.openMenu')}
            data-testid="sidebar-toggle"
            onClick={onOpenMenu}
          />
        )}
        <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 8, flexShrink: 0 }}>
          <img src={logo} alt="" width={32} height={32} style={{ borderRadius: 6 }} />
          {!mobile && (
            <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }}>
              {systemName}
            </Typography.Text>
          )}
        </Link>
        <TopNav />
        <Flex align="center" gap={mobile ? 0 : 4} style={{ flexShrink: 0 }}>
          <NoticeCenter />
          <LanguageSwitcher />
          <ThemeButton />
          <UserMenu />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
