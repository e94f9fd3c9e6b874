import { DownOutlined, LogoutOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLogout } from '../../lib/use-logout';
import type { StoredUser } from '../../lib/user-store';

/** The signed-in menu: profile, top-up, logout. */
export function UserMenu({ user, compact }: { user: StoredUser; compact: boolean }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const logout = useLogout();
  const name = user.display_name || user.username;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: '/profile', icon: <UserOutlined />, label: t('nav.profile') },
          { key: '/topup', icon: <WalletOutlined />, label: t('nav.topup') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
        ],
        onClick: ({ key }) => (key === 'logout' ? void logout() : navigate(key)),
      }}
    >
      <Button type="text" data-testid="user-menu" style={{ paddingInline: 6 }}>
        <Space size={6}>
          <Avatar size={28} icon={<UserOutlined />}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          {!compact && (
            <Typography.Text ellipsis style={{ maxWidth: 120 }}>
              {name}
            </Typography.Text>
          )}
          {!compact && <DownOutlined style={{ fontSize: 10 }} />}
        </Space>
      </Button>
    </Dropdown>
  );
}
