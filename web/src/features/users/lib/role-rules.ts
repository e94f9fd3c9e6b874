import { hasRole, isKnownRole, outranks, Role } from '@gateway/shared';

interface HasRole {
  role: number;
}

/** Admins and above act on users; agents only read the list. */
export const canAdministerUsers = (actor: HasRole) => hasRole(actor.role, Role.admin);

/** Enable, disable, delete, change balance: only users below the actor's own role. */
export const canManage = (actor: HasRole, target: HasRole) =>
  canAdministerUsers(actor) && outranks(actor, target);

/** Promote (to admin): root only, for users below admin. */
export const canPromote = (actor: HasRole, target: HasRole) =>
  actor.role === Role.root && isKnownRole(target.role) && target.role < Role.admin;

/** Demote (to ordinary user): users below the actor who are above ordinary users. */
export const canDemote = (actor: HasRole, target: HasRole) =>
  canManage(actor, target) && target.role > Role.user;

/** The edit page (/user/edit/:id) is root only in the route table. */
export const canOpenEditPage = (actor: HasRole) => actor.role === Role.root;

/** Roles the actor may give: strictly below their own (so only root makes admins). */
export function assignableRoles(actor: HasRole): number[] {
  return [Role.user, Role.agent, Role.finance, Role.admin].filter((r) => r < actor.role);
}
