import { hasRole, Role } from '@gateway/shared';

/** Who may open a route (spec section 2). Anything else is an unknown value and denies. */
export const permissions = {
  public: Role.guest,
  user: Role.user,
  agent: Role.agent,
  finance: Role.finance,
  admin: Role.admin,
  root: Role.root,
} as const;

export type Permission = keyof typeof permissions;

/** What the guard does with a visitor: show the page, send to sign-in, or refuse. */
export type AccessDecision = 'allow' | 'login' | 'unauthorized';

/**
 * The access check of spec section 2: public pages are open; without a stored user the
 * visitor signs in first; with too low (or unknown) a role, or an unknown permission, denied.
 */
export function decideAccess(permission: string, user: { role: number } | null): AccessDecision {
  if (!Object.hasOwn(permissions, permission)) return 'unauthorized';
  const required = permissions[permission as Permission];
  if (required === Role.guest) return 'allow';
  if (!user) return 'login';
  return hasRole(user.role, required) ? 'allow' : 'unauthorized';
}

/** `/login?redirect=…` remembering where the visitor came from. */
export function loginPathFor(from: string): string {
  return `/login?redirect=${encodeURIComponent(from)}`;
}

/** A safe place to return to after sign-in: a local path only, never another origin. */
export function safeRedirect(target: string | null, fallback = '/panel'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  if (target.startsWith('/login') || target.startsWith('/register')) return fallback;
  return target;
}
