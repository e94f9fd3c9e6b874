import { MenuOutlined } from '@ant-design/icons';
import { Button, Layout, Space, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUser } from '../../lib/user-store';
import { Brand } from './Brand';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NoticeBell } from './NoticeBell';
import { ThemeButton } from './ThemeButton';
import { TopNav } from './TopNav';
import { UserMenu } from './UserMenu';

/** Height of the fixed header in px. */
export const headerHeight = 60;

/** The fixed top bar: brand, navigation, announcement, language, theme and account. */
export function AppHeader({ mobile, onOpenMenu }: { mobile: boolean; onOpenMenu: () => void }) {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const user = useUser();
  return (
    <Layout.Header
      style={{
        position: 'fixed',
        insetInline: 0,
        top: 0,
        zIndex: 100,
        height: headerHeight,
        lineHeight: `${headerHeight}px`,
        paddingInline: mobile ? 8 : 20,
        display: 'flex',
        alignItems: 'center',
        gap: mobile ? 4 : 16,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {mobile && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          onClick={onOpenMenu}
          aria-label={t('header.openMenu')}
          data-testid="mobile-menu-button"
        />
      )}
      <Brand showName={!mobile} />
      {mobile ? <div style={{ flex: 1 }} /> : <TopNav />}
      <Space size={mobile ? 0 : 4}>
        <NoticeBell />
        <LanguageSwitcher />
        <ThemeButton />
        {user ? (
          <UserMenu user={user} compact={mobile} />
        ) : (
          <Space size={mobile ? 4 : 8}>
            <Link to="/login">
              <Button type={mobile ? 'primary' : 'text'} size={mobile ? 'small' : 'middle'}>
                {t('header.login')}
              </Button>
            </Link>
            {!mobile && (
              <Link to="/register">
                <Button type="primary">{t('header.register')}</Button>
              </Link>
            )}
          </Space>
        )}
      </Space>
    </Layout.Header>
  );
}
