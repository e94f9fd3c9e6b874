import {
  ApiOutlined,
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
  ScheduleOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { StatusData } from '@gateway/shared';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { Permission } from './guards';

/** Status flags as the console knows them (any may be missing before the first load). */
type Status = Partial<StatusData>;

/** A sidebar group; its title is `layout:nav.<group>` except for `main`. */
export type SideGroup = 'main' | 'finance' | 'personal' | 'admin';

/**
 * Where a route appears in the navigation. A user sees it when the route's permission admits
 * them, `enabledWhen` (if any) holds and `shownWhen` (if any) holds.
 */
export interface NavPlacement {
  icon: ReactNode;
  /** Position in the top navigation. */
  top?: number;
  /** Group and position in the sidebar. */
  side?: [SideGroup, number];
  /** An extra condition for showing the link (the route itself stays reachable). */
  shownWhen?: (status: Status) => boolean;
}

/** One row of the console's route table: a path, who may open it, and its layout. */
export interface RouteEntry {
  path: string;
  permission: Permission;
  /** S: the sidebar is shown (for signed-in users, except on /, /home and /chat). */
  sidebar: boolean;
  /** NF: the footer is hidden. */
  noFooter?: boolean;
  /** Key of the page title in the `layout` namespace. */
  title: string;
  /** The route exists only while this holds; otherwise the not-found page. */
  enabledWhen?: (status: Status) => boolean;
  /** Its links in the top navigation and the sidebar, when it has any. */
  nav?: NavPlacement;
  page: LazyExoticComponent<ComponentType>;
}

type Loader<K extends string> = () => Promise<Record<K, ComponentType>>;

/** A code-split page from a named export. */
const named = <K extends string>(load: Loader<K>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

/** A code-split page from a default export (the convention of the later feature pages). */
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const home = named(() => import('../features/home/HomePage'), 'HomePage');
const userEdit = named(() => import('../features/users/UserEditPage'), 'UserEditPage');
const proMax = (s: Status) => s.rixapi_promax === true;

/** Every console route with its permission and layout. */
export const routeTable: RouteEntry[] = [
  {
    path: '/',
    permission: 'public',
    sidebar: false,
    title: 'nav.home',
    nav: { icon: <HomeOutlined />, top: 0 },
    page: home,
  },
  { path: '/home', permission: 'public', sidebar: false, title: 'nav.home', page: home },
  {
    path: '/panel',
    permission: 'user',
    sidebar: true,
    title: 'nav.panel',
    nav: { icon: <DashboardOutlined />, top: 1, side: ['main', 0] },
    page: page(() => import('../features/panel/PanelPage')),
  },
  {
    path: '/channel',
    permission: 'admin',
    sidebar: true,
    title: 'nav.channel',
    nav: { icon: <ApiOutlined />, side: ['admin', 1] },
    page: page(() => import('../features/channel/ChannelPage')),
  },
  {
    path: '/channel/add',
    permission: 'root',
    sidebar: true,
    title: 'nav.channelAdd',
    page: page(() => import('../features/channel/ChannelEditPage')),
  },
  {
    path: '/channel/edit/:id',
    permission: 'root',
    sidebar: true,
    title: 'nav.channelEdit',
    page: page(() => import('../features/channel/ChannelEditPage')),
  },
  {
    path: '/token',
    permission: 'user',
    sidebar: true,
    title: 'nav.token',
    nav: { icon: <KeyOutlined />, side: ['main', 1] },
    page: page(() => import('../features/token/TokenPage')),
  },
  {
    path: '/redemption',
    permission: 'root',
    sidebar: true,
    title: 'nav.redemption',
    nav: { icon: <DollarOutlined />, side: ['admin', 2] },
    page: page(() => import('../features/redemption/RedemptionPage')),
  },
  {
    path: '/user',
    permission: 'agent',
    sidebar: true,
    title: 'nav.user',
    nav: { icon: <TeamOutlined />, side: ['admin', 0] },
    page: named(() => import('../features/users/UsersPage'), 'UsersPage'),
  },
  {
    path: '/user/edit/:id',
    permission: 'root',
    sidebar: true,
    title: 'nav.userEdit',
    page: userEdit,
  },
  { path: '/user/edit', permission: 'root', sidebar: true, title: 'nav.userEdit', page: userEdit },
  {
    path: '/user/reset',
    permission: 'public',
    sidebar: true,
    title: 'nav.userReset',
    page: named(() => import('../features/auth/ResetConfirmPage'), 'ResetConfirmPage'),
  },
  {
    path: '/topup',
    permission: 'user',
    sidebar: true,
    title: 'nav.topup',
    nav: { icon: <WalletOutlined />, side: ['finance', 0] },
    page: page(() => import('../features/topup/TopUpPage')),
  },
  {
    path: '/order',
    permission: 'user',
    sidebar: true,
    title: 'nav.order',
    nav: { icon: <ShoppingOutlined />, side: ['finance', 1] },
    page: page(() => import('../features/order/OrderPage')),
  },
  {
    path: '/invoice',
    permission: 'user',
    sidebar: true,
    title: 'nav.invoice',
    nav: { icon: <CreditCardOutlined />, side: ['finance', 2] },
    page: page(() => import('../features/invoice/InvoicePage')),
    enabledWhen: proMax,
  },
  {
    path: '/log',
    permission: 'user',
    sidebar: true,
    title: 'nav.log',
    nav: { icon: <FileTextOutlined />, side: ['main', 2] },
    page: page(() => import('../features/log/LogPage')),
  },
  {
    path: '/detail',
    permission: 'user',
    sidebar: true,
    title: 'nav.detail',
    nav: {
      icon: <AreaChartOutlined />,
      side: ['main', 5],
      shownWhen: (s) => s.enable_data_export === true,
    },
    page: page(() => import('../features/detail/DetailPage')),
  },
  {
    path: '/midjourney',
    permission: 'user',
    sidebar: true,
    title: 'nav.midjourney',
    nav: {
      icon: <PictureOutlined />,
      side: ['main', 3],
      shownWhen: (s) => s.enable_drawing === true,
    },
    page: page(() => import('../features/midjourney/MidjourneyPage')),
  },
  {
    path: '/task',
    permission: 'user',
    sidebar: true,
    title: 'nav.task',
    nav: {
      icon: <ScheduleOutlined />,
      side: ['main', 4],
      shownWhen: (s) => s.enable_task === true,
    },
    page: page(() => import('../features/task/TaskPage')),
  },
  {
    path: '/about',
    permission: 'public',
    sidebar: true,
    title: 'nav.about',
    page: named(() => import('../features/home/AboutPage'), 'AboutPage'),
  },
  {
    path: '/chat',
    permission: 'user',
    sidebar: false,
    noFooter: true,
    title: 'nav.chat',
    nav: {
      icon: <CommentOutlined />,
      top: 2,
      shownWhen: (s) => Boolean(s.chat_link || (s.enable_drawing && s.drawing_link)),
    },
    page: page(() => import('../features/chat/ChatPage')),
  },
  {
    path: '/login',
    permission: 'public',
    sidebar: false,
    title: 'nav.login',
    page: named(() => import('../features/auth/LoginPage'), 'LoginPage'),
  },
  {
    path: '/register',
    permission: 'public',
    sidebar: false,
    title: 'nav.register',
    page: named(() => import('../features/auth/RegisterPage'), 'RegisterPage'),
  },
  {
    path: '/welcome',
    permission: 'public',
    sidebar: false,
    title: 'nav.welcome',
    page: named(() => import('../features/setup/WelcomePage'), 'WelcomePage'),
  },
  {
    path: '/reset',
    permission: 'public',
    sidebar: false,
    title: 'nav.reset',
    page: named(() => import('../features/auth/ResetRequestPage'), 'ResetRequestPage'),
  },
  {
    path: '/oauth/github',
    permission: 'public',
    sidebar: false,
    title: 'nav.oauthGithub',
    page: named(() => import('../features/auth/OAuthCallbackPage'), 'GitHubCallbackPage'),
  },
  {
    path: '/oauth/linuxdo',
    permission: 'public',
    sidebar: false,
    title: 'nav.oauthLinuxdo',
    page: named(() => import('../features/auth/OAuthCallbackPage'), 'LinuxDoCallbackPage'),
  },
  {
    path: '/profile',
    permission: 'user',
    sidebar: true,
    title: 'nav.profile',
    nav: { icon: <UserOutlined />, side: ['personal', 1] },
    page: named(() => import('../features/profile/ProfilePage'), 'ProfilePage'),
  },
  {
    path: '/limits',
    permission: 'user',
    sidebar: true,
    title: 'nav.limits',
    nav: { icon: <ControlOutlined />, side: ['personal', 0] },
    page: page(() => import('../features/limits/LimitsPage')),
  },
  {
    path: '/setting',
    permission: 'root',
    sidebar: true,
    title: 'nav.setting',
    nav: { icon: <SettingOutlined />, side: ['admin', 3] },
    page: named(() => import('../features/settings/SettingPage'), 'SettingPage'),
  },
  {
    path: '/uptime',
    permission: 'public',
    sidebar: false,
    noFooter: true,
    title: 'nav.uptime',
    page: page(() => import('../features/uptime/UptimePage')),
  },
  {
    path: '/faq',
    permission: 'public',
    sidebar: false,
    title: 'nav.faq',
    page: named(() => import('../features/home/FaqPage'), 'FaqPage'),
  },
  {
    path: '/guide',
    permission: 'public',
    sidebar: false,
    title: 'nav.guide',
    nav: { icon: <GiftOutlined />, top: 4 },
    page: page(() => import('../features/guide/GuidePage')),
  },
  {
    path: '/playground',
    permission: 'public',
    sidebar: true,
    title: 'nav.playground',
    page: page(() => import('../features/playground/PlaygroundPage')),
  },
  {
    path: '/pricing',
    permission: 'public',
    sidebar: false,
    noFooter: true,
    title: 'nav.pricing',
    nav: { icon: <TagsOutlined />, top: 3 },
    page: page(() => import('../features/pricing/PricingPage')),
  },
  {
    path: '/doc',
    permission: 'public',
    sidebar: false,
    noFooter: true,
    title: 'nav.doc',
    nav: { icon: <BookOutlined />, top: 5, shownWhen: (s) => Boolean(s.api_doc_link) },
    page: page(() => import('../features/doc/DocPage')),
  },
  {
    path: '/unauthorized',
    permission: 'public',
    sidebar: false,
    noFooter: true,
    title: 'nav.unauthorized',
    page: named(() => import('../features/errors/UnauthorizedPage'), 'UnauthorizedPage'),
  },
  {
    path: '/agent',
    permission: 'user',
    sidebar: false,
    noFooter: true,
    title: 'nav.agent',
    nav: { icon: <TeamOutlined />, top: 6, shownWhen: (s) => s.agent_page_enabled === true },
    page: page(() => import('../features/agent/AgentPage')),
    enabledWhen: proMax,
  },
];

/** Any other path: the not-found page, public, without footer. */
export const notFoundEntry: RouteEntry = {
  path: '*',
  permission: 'public',
  sidebar: false,
  noFooter: true,
  title: 'nav.notFound',
  page: named(() => import('../features/errors/NotFoundPage'), 'NotFoundPage'),
};
