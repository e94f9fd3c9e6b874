import { hasRole, Role } from '@gateway/shared';

/** Who may open a route: public, or a role at least. */
export type Permission = 'public' | 'user' | 'agent' | 'admin' | 'root';

const requiredRole: Record<Exclude<Permission, 'public'>, number> = {
  user: Role.user,
  agent: Role.agent,
  admin: Role.admin,
  root: Role.root,
};

/** What the guard does with a visit: show the page, ask to sign in, or refuse. */
export type Access = 'allow' | 'login' | 'denied';

/** The access check: no user → login; role too low, or unknown permission or role → denied. */
export function checkAccess(permission: string, user: { role: number } | null): Access {
  if (permission === 'public') return 'allow';
  if (!Object.hasOwn(requiredRole, permission)) return 'denied';
  if (!user) return 'login';
  const needed = requiredRole[permission as keyof typeof requiredRole];
  return hasRole(user.role, needed) ? 'allow' : 'denied';
}

/** The sign-in address that brings the visitor back to `from` afterwards. */
export function loginPath(from: string): string {
  return `/login?redirect=${encodeURIComponent(from)}`;
}

/** Where to go after sign-in: `redirect` when it is a path on this site, else the workbench. */
export function safeRedirect(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return '/panel';
  if (redirect.startsWith('/login') || redirect.startsWith('/register')) return '/panel';
  return redirect;
}

/** Paths that never show the sidebar, whatever their route says. */
const noSidebarPrefixes = ['/home', '/chat'];

/** Whether `pathname` hides the sidebar by rule (/, /home, /chat). */
export function sidebarHiddenAt(pathname: string): boolean {
  if (pathname === '/') return true;
  return noSidebarPrefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
