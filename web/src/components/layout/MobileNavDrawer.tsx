import { Button, Divider, Drawer, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUser } from '../../lib/user-store';
import { Brand } from './Brand';
import { SidebarMenu } from './SidebarMenu';
import { TopNav } from './TopNav';

/** The mobile slide-over (≤ 600 px): the top navigation and, when signed in, the sidebar links. */
export function MobileNavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const user = useUser();
  const navigate = useNavigate();
  const go = (path: string) => {
    navigate(path);
    onClose();
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={280}
      title={<Brand />}
      mask
      styles={{ body: { padding: 8 } }}
      rootClassName="mobile-nav-drawer"
      data-testid="mobile-drawer"
    >
      <TopNav vertical onNavigate={onClose} />
      {user && (
        <>
          <Divider style={{ margin: '8px 0' }} />
          <SidebarMenu onNavigate={onClose} />
        </>
      )}
      {!user && (
        <Space orientation="vertical" style={{ width: '100%', padding: 16 }}>
          <Button block type="primary" onClick={() => go('/login')}>
            {t('header.login')}
          </Button>
          <Button block onClick={() => go('/register')}>
            {t('header.register')}
          </Button>
        </Space>
      )}
    </Drawer>
  );
}
