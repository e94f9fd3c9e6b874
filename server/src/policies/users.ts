import { hasRole, outranks, Role } from '@gateway/shared';

/** Anyone with a role: the caller or the user acted on. */
export interface RoleHolder {
  role: number;
}

/** Roles an account can be given (root exists once, made by the setup). */
const assignableRoles = new Set<number>([Role.user, Role.agent, Role.finance, Role.admin]);

/** Whether the caller may see the user list and search it (agents and above). */
export const canListUsers = (actor: RoleHolder) => hasRole(actor.role, Role.agent);

/** Whether the caller may use the user-administration routes at all (admins and above). */
export const canAdministerUsers = (actor: RoleHolder) => hasRole(actor.role, Role.admin);

/**
 * Whether the caller may read one user's details: only users below their own role (the rule of
 * every staff action on a user, `staffRefusal`; one's own account is never below one's role).
 */
export const canGetUser = (actor: RoleHolder, target: RoleHolder) =>
  canAdministerUsers(actor) && outranks(actor, target);

/** Whether the caller may edit a user (name, password, group, quota, remark, e-mail). */
export const canUpdateUser = canGetUser;

/** Whether the caller may change a user's balance. */
export const canAdjustQuota = canGetUser;

/** Whether the caller may create an account with `role`: only below their own role. */
export const canCreateUser = (actor: RoleHolder, role: number) =>
  canAdministerUsers(actor) && assignableRoles.has(role) && role < actor.role;

/** Whether the caller may delete (close out) a user; never root. */
export const canDeleteUser = (actor: RoleHolder, target: RoleHolder) =>
  canGetUser(actor, target) && target.role !== Role.root;

/** Whether the caller may disable or enable a user; root is never disabled. */
export const canSetUserStatus = canDeleteUser;

/**
 * Whether the caller may give `target` the role `role` (this is how agents, finance staff
 * and admins are made): both the current and the new role must be below the caller's, so
 * only root makes admins.
 */
export const canAssignRole = (actor: RoleHolder, target: RoleHolder, role: number) =>
  canUpdateUser(actor, target) && assignableRoles.has(role) && role < actor.role;

/** Whether the caller may promote `target` to admin (`manage` promote): root only. */
export const canPromote = (actor: RoleHolder, target: RoleHolder) =>
  actor.role === Role.root && canAssignRole(actor, target, Role.admin) && target.role < Role.admin;

/** Whether the caller may demote `target` to an ordinary user; never root. */
export const canDemote = (actor: RoleHolder, target: RoleHolder) =>
  canDeleteUser(actor, target) && target.role > Role.user;
