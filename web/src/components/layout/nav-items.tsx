import {
  ApiOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  BookOutlined,
  CommentOutlined,
  ControlOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  GiftOutlined,
  HomeOutlined,
  KeyOutlined,
  PictureOutlined,
  ProfileOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { routeTable } from '../../app/route-table';

/** Icon of each navigation path. */
const icons: Record<string, ReactNode> = {
  '/': <HomeOutlined />,
  '/panel': <DashboardOutlined />,
  '/chat': <CommentOutlined />,
  '/pricing': <TagsOutlined />,
  '/guide': <GiftOutlined />,
  '/doc': <BookOutlined />,
  '/agent': <TeamOutlined />,
  '/token': <KeyOutlined />,
  '/log': <FileTextOutlined />,
  '/midjourney': <PictureOutlined />,
  '/task': <ScheduleOutlined />,
  '/detail': <AreaChartOutlined />,
  '/topup': <WalletOutlined />,
  '/order': <ShoppingOutlined />,
  '/invoice': <CreditCardOutlined />,
  '/limits': <ControlOutlined />,
  '/profile': <UserOutlined />,
  '/user': <TeamOutlined />,
  '/channel': <ApiOutlined />,
  '/redemption': <DollarOutlined />,
  '/setting': <SettingOutlined />,
  '/about': <ProfileOutlined />,
};

const titles = new Map(routeTable.map((entry) => [entry.path, entry.title]));

/** The icon for a navigation path. */
export const navIcon = (path: string): ReactNode => icons[path] ?? <AppstoreOutlined />;

/** The `layout` key of a path's title. */
export const navTitle = (path: string): string => titles.get(path) ?? 'nav.notFound';
