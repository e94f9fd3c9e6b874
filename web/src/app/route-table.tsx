import type { StatusData } from '@gateway/shared';
import { lazy, type ComponentType } from 'react';
import { FramePage } from '../components/ui/FramePage';
import type { Permission } from './access';

/** One row of the route table of spec section 2. */
export interface RouteDef {
  path: string;
  /** Who may open it; an unknown value denies. */
  permission: Permission | (string & {});
  /** S: the sidebar is shown. */
  sidebar: boolean;
  /** NF is the opposite: false hides the footer. */
  footer: boolean;
  /** No content styling: the page fills the area without padding. */
  plain?: boolean;
  /** Key of the page name in `common:nav`. */
  name: string;
  /** Extra condition from the status flags; false shows the not-found page. */
  available?: (status: StatusData | undefined) => boolean;
  Page: ComponentType;
}

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);
/** A page completed by a later issue: its real frame (title and layout), no content yet. */
const frame = (name: string): ComponentType => {
  const Frame = () => <FramePage name={name} />;
  Frame.displayName = `Frame(${name})`;
  return Frame;
};

const proMax = (s: StatusData | undefined) => s?.rixapi_promax === true;

const Home = page(() => import('../features/home/HomePage'));
const Welcome = page(() => import('../features/setup/WelcomePage'));
const Login = page(() => import('../features/auth/LoginPage'));
const Register = page(() => import('../features/auth/RegisterPage'));
const ResetRequest = page(() => import('../features/auth/ResetRequestPage'));
const ResetConfirm = page(() => import('../features/auth/ResetConfirmPage'));
const About = page(() => import('../features/content/AboutPage'));
const Faq = page(() => import('../features/content/FaqPage'));
const Unauthorized = page(() => import('../features/errors/UnauthorizedPage'));
const Profile = page(() => import('../features/profile/ProfilePage'));
const Users = page(() => import('../features/users/UsersPage'));
const UserEdit = page(() => import('../features/users/UserEditPage'));
const Setting = page(() => import('../features/settings/SettingPage'));
const LinkFrame = (name: 'chat' | 'doc') => {
  const Linked = lazy(() => import('../features/content/LinkFramePage'));
  const Framed = () => <Linked name={name} />;
  return Framed;
};

const S = { sidebar: true, footer: true };
const plain = { sidebar: false, footer: true };
const NF = { sidebar: false, footer: false };

/** The console's routes; any other path shows the not-found page. */
export const routeTable: RouteDef[] = [
  { path: '/', permission: 'public', ...plain, name: 'home', Page: Home },
  { path: '/panel', permission: 'user', ...S, name: 'panel', Page: frame('panel') },
  { path: '/channel', permission: 'admin', ...S, name: 'channel', Page: frame('channel') },
  { path: '/channel/add', permission: 'root', ...S, name: 'channelAdd', Page: frame('channelAdd') },
  {
    path: '/channel/edit/:id',
    permission: 'root',
    ...S,
    name: 'channelEdit',
    Page: frame('channelEdit'),
  },
  { path: '/token', permission: 'user', ...S, name: 'token', Page: frame('token') },
  { path: '/redemption', permission: 'root', ...S, name: 'redemption', Page: frame('redemption') },
  { path: '/user', permission: 'agent', ...S, name: 'user', Page: Users },
  { path: '/user/edit/:id', permission: 'root', ...S, name: 'userEdit', Page: UserEdit },
  { path: '/user/edit', permission: 'root', ...S, name: 'userEditSelf', Page: UserEdit },
  { path: '/user/reset', permission: 'public', ...S, name: 'resetConfirm', Page: ResetConfirm },
  { path: '/topup', permission: 'user', ...S, name: 'topup', Page: frame('topup') },
  { path: '/order', permission: 'user', ...S, name: 'order', Page: frame('order') },
  {
    path: '/invoice',
    permission: 'user',
    ...S,
    name: 'invoice',
    available: proMax,
    Page: frame('invoice'),
  },
  { path: '/log', permission: 'user', ...S, name: 'log', Page: frame('log') },
  { path: '/detail', permission: 'user', ...S, name: 'detail', Page: frame('detail') },
  { path: '/midjourney', permission: 'user', ...S, name: 'midjourney', Page: frame('midjourney') },
  { path: '/task', permission: 'user', ...S, name: 'task', Page: frame('task') },
  { path: '/about', permission: 'public', ...S, name: 'about', Page: About },
  { path: '/chat', permission: 'user', ...NF, plain: true, name: 'chat', Page: LinkFrame('chat') },
  { path: '/login', permission: 'public', ...plain, name: 'login', Page: Login },
  { path: '/register', permission: 'public', ...plain, name: 'register', Page: Register },
  { path: '/welcome', permission: 'public', ...plain, name: 'welcome', Page: Welcome },
  { path: '/reset', permission: 'public', ...plain, name: 'reset', Page: ResetRequest },
  { path: '/oauth/github', permission: 'public', ...plain, name: 'oauthGithub', Page: frame('oauthGithub') },
  {
    path: '/oauth/linuxdo',
    permission: 'public',
    ...plain,
    name: 'oauthLinuxdo',
    Page: frame('oauthLinuxdo'),
  },
  { path: '/profile', permission: 'user', ...S, name: 'profile', Page: Profile },
  { path: '/limits', permission: 'user', ...S, name: 'limits', Page: frame('limits') },
  { path: '/setting', permission: 'root', ...S, name: 'setting', Page: Setting },
  { path: '/uptime', permission: 'public', ...NF, plain: true, name: 'uptime', Page: frame('uptime') },
  { path: '/faq', permission: 'public', ...plain, name: 'faq', Page: Faq },
  { path: '/guide', permission: 'public', ...plain, name: 'guide', Page: frame('guide') },
  { path: '/playground', permission: 'public', ...S, name: 'playground', Page: frame('playground') },
  { path: '/pricing', permission: 'public', ...NF, name: 'pricing', Page: frame('pricing') },
  { path: '/doc', permission: 'public', ...NF, plain: true, name: 'doc', Page: LinkFrame('doc') },
  { path: '/unauthorized', permission: 'public', ...NF, name: 'unauthorized', Page: Unauthorized },
  { path: '/agent', permission: 'user', ...NF, name: 'agent', available: proMax, Page: frame('agent') },
];

/** Paths on which the sidebar never shows (spec section 2). */
export const noSidebarPaths = ['/', '/home', '/chat'];
