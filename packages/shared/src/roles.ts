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

/** User status values. */
export const UserStatus = { enabled: 1, banned: 2, closed: 3 } as const;
