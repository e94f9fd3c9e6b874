import { LogoutOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { logout } from '../../features/auth/api';
import { useIsMobile } from '../../lib/use-media';
import { useStoredUser } from '../../lib/session';

/** Signed in: a menu to the profile, top-up and logout. Signed out: login and register. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { token } = theme.useToken();

  if (!user) {
    return (
      <Flex gap={8}>
        <Link to="/login">
          <Button type="text" size={mobile ? 'small' : 'middle'}>
            {t('header.login')}
          </Button>
        </Link>
        {!mobile && (
          <Link to="/register">
            <Button type="primary">{t('header.register')}</Button>
          </Link>
        )}
      </Flex>
    );
  }

  const name = user.display_name || user.username;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: '/profile', icon: <UserOutlined />, label: t('nav.profile') },
          { key: '/topup', icon: <WalletOutlined />, label: t('nav.topup') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout') },
        ],
        onClick: async ({ key }) => {
          if (key !== 'logout') return navigate(key);
          await logout();
          navigate('/login');
        },
      }}
    >
      <Button type="text" data-testid="user-menu" style={{ paddingInline: 6 }}>
        <Flex align="center" gap={8}>
          <Avatar size="small" style={{ background: token.colorPrimary }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          {!mobile && (
            <Typography.Text style={{ maxWidth: 120 }} ellipsis>
              {name}
            </Typography.Text>
          )}
        </Flex>
      </Button>
    </Dropdown>
  );
}
