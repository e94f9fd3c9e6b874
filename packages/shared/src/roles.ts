/** Role levels; permission checks are "at least". */
export const Role = {
  guest: 0,
  user: 1,
  agent: 5,
  finance: 8,
  admin: 10,
  root: 100,
} as const;

export type RoleValue = (typeof Role)[keyof typeof Role];

const known = new Set<number>(Object.values(Role));

/** Whether `role` is one of the defined levels (unknown values deny). */
export function isKnownRole(role: number): role is RoleValue {
  return known.has(role);
}

/** Whether a user with `role` may use something that needs `required`. */
export function hasRole(role: number, required: number): boolean {
  return isKnownRole(role) && isKnownRole(required) && role >= required;
}

/** Whether `actor` is strictly above `target`; unknown roles on either side deny. */
export function outranks(actor: { role: number }, target: { role: number }): boolean {
  return isKnownRole(actor.role) && isKnownRole(target.role) && actor.role > target.role;
}

/** Why a staff member may not act on a user: it is themselves, or a user of their rank or above. */
export type StaffRefusal = 'self' | 'rank';

/**
 * The rule for every staff action that moves a user's money or standing (balance edits,
 * orders completed by hand, agent decisions, withdrawal and invoice reviews, role and status
 * changes): nobody acts on their own account, and only on users strictly below their own
 * role. So root acts on every other account, an admin on finance staff, agents and users,
 * finance staff on agents and users; a staff member's own top-up, agency, withdrawal or
 * invoice waits for someone above them. Null when the action is allowed.
 */
export function staffRefusal(
  actor: { id: number; role: number },
  target: { id: number; role: number },
): StaffRefusal | null {
  if (actor.id === target.id) return 'self';
  return outranks(actor, target) ? null : 'rank';
}

/** User status values. */
export const UserStatus = { enabled: 1, banned: 2, closed: 3 } as const;
