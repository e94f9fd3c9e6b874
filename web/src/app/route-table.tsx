import type { StatusData } from '@gateway/shared';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Permission } from './guards';

/** One row of the route table of spec section 2. */
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
  enabledWhen?: (status: Partial<StatusData>) => boolean;
  page: LazyExoticComponent<ComponentType>;
}

type Loader<K extends string> = () => Promise<Record<K, ComponentType>>;

/** A code-split page from a named export. */
const named = <K extends string>(load: Loader<K>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

/** A code-split page from a default export (the convention of the later feature pages). */
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const FramePage = () => import('../features/frames/FramePage');
/** The frame of a page that a later release fills in: its title and purpose only. */
const frame = (name: string) =>
  lazy(async () => {
    const { FramePage: Frame } = await FramePage();
    return { default: () => <Frame name={name} /> };
  });

const home = named(() => import('../features/home/HomePage'), 'HomePage');
const userEdit = named(() => import('../features/users/UserEditPage'), 'UserEditPage');
const proMax = (s: Partial<StatusData>) => s.rixapi_promax === true;

/** Every console route with its permission and layout (spec section 2). */
export const routeTable: RouteEntry[] = [
  { path: '/', permission: 'public', sidebar: false, title: 'nav.home', page: home },
  { path: '/home', permission: 'public', sidebar: false, title: 'nav.home', page: home },
  {
    path: '/panel',
    permission: 'user',
    sidebar: true,
    title: 'nav.panel',
    page: page(() => import('../features/panel/PanelPage')),
  },
  {
    path: '/channel',
    permission: 'admin',
    sidebar: true,
    title: 'nav.channel',
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
    page: page(() => import('../features/token/TokenPage')),
  },
  {
    path: '/redemption',
    permission: 'root',
    sidebar: true,
    title: 'nav.redemption',
    page: frame('redemption'),
  },
  {
    path: '/user',
    permission: 'agent',
    sidebar: true,
    title: 'nav.user',
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
  { path: '/topup', permission: 'user', sidebar: true, title: 'nav.topup', page: frame('topup') },
  { path: '/order', permission: 'user', sidebar: true, title: 'nav.order', page: frame('order') },
  {
    path: '/invoice',
    permission: 'user',
    sidebar: true,
    title: 'nav.invoice',
    page: frame('invoice'),
    enabledWhen: proMax,
  },
  {
    path: '/log',
    permission: 'user',
    sidebar: true,
    title: 'nav.log',
    page: page(() => import('../features/log/LogPage')),
  },
  {
    path: '/detail',
    permission: 'user',
    sidebar: true,
    title: 'nav.detail',
    page: page(() => import('../features/detail/DetailPage')),
  },
  {
    path: '/midjourney',
    permission: 'user',
    sidebar: true,
    title: 'nav.midjourney',
    page: frame('midjourney'),
  },
  { path: '/task', permission: 'user', sidebar: true, title: 'nav.task', page: frame('task') },
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
    page: named(() => import('../features/profile/ProfilePage'), 'ProfilePage'),
  },
  {
    path: '/limits',
    permission: 'user',
    sidebar: true,
    title: 'nav.limits',
    page: page(() => import('../features/limits/LimitsPage')),
  },
  {
    path: '/setting',
    permission: 'root',
    sidebar: true,
    title: 'nav.setting',
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
    page: page(() => import('../features/pricing/PricingPage')),
  },
  {
    path: '/doc',
    permission: 'public',
    sidebar: false,
    noFooter: true,
    title: 'nav.doc',
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
    page: frame('agent'),
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
