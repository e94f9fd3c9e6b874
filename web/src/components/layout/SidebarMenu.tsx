import {
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GiftOutlined,
  KeyOutlined,
  PictureOutlined,
  ProfileOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
  AccountBookOutlined,
  AuditOutlined,
} from '@ant-design/icons';
import { Badge, Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStatus } from '../../features/status/hooks/useStatus';
import { useStoredUser } from '../../lib/session';
import { selectedKey, sidebarEntries, type NavEntry } from './nav-items';

const icons: Record<string, ReactNode> = {
  '/panel': <DashboardOutlined />,
  '/token': <KeyOutlined />,
  '/log': <FileTextOutlined />,
  '/midjourney': <PictureOutlined />,
  '/task': <ScheduleOutlined />,
  '/detail': <BarChartOutlined />,
  finance: <AccountBookOutlined />,
  '/topup': <WalletOutlined />,
  '/order': <ShoppingOutlined />,
  '/invoice': <AuditOutlined />,
  '/limits': <SafetyCertificateOutlined />,
  '/profile': <UserOutlined />,
  admin: <AppstoreOutlined />,
  '/user': <TeamOutlined />,
  '/channel': <ApiOutlined />,
  '/redemption': <GiftOutlined />,
  '/setting': <SettingOutlined />,
};

/** The sidebar's menu (spec section 2); `onNavigate` lets the mobile drawer close itself. */
export function SidebarMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { status } = useStatus();
  const user = useStoredUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = sidebarEntries(status, user?.role ?? 0);
  const selected = selectedKey(pathname, entries);

  const toItem = (e: NavEntry): NonNullable<Parameters<typeof Menu>[0]['items']>[number] => {
    const label = t(`nav.${e.name}`);
    if (e.children) {
      return { type: 'group', key: e.key, label, children: e.children.map(toItem) };
    }
    return {
      key: e.key,
      icon: icons[e.key],
      'data-testid': `side-${e.key.slice(1)}`,
      label: e.badge ? (
        <Badge count={t('nav.toBeUpdated')} size="small" offset={[12, 0]}>
          <span>{label}</span>
        </Badge>
      ) : (
        label
      ),
      title: label,
    } as NonNullable<Parameters<typeof Menu>[0]['items']>[number];
  };

  return (
    <Menu
      mode="inline"
      selectedKeys={selected ? [selected] : []}
      items={entries.map(toItem)}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 'none', background: 'transparent' }}
    />
  );
}
