import { Role, staffRefusal } from '@gateway/shared';
import { describe, expect, it } from 'vitest';
import {
  canAdjustQuota,
  canAssignRole,
  canCreateUser,
  canDeleteUser,
  canDemote,
  canGetUser,
  canListUsers,
  canPromote,
  canSetUserStatus,
  canUpdateUser,
} from '../../src/policies/users.js';

const { user, agent, finance, admin, root } = Role;
const known = [user, agent, finance, admin, root];
const unknown = [3, 7, 50, 101, -1];
const r = (role: number) => ({ role });

/** Rows: actor role; columns: target role (user, agent, finance, admin, root). */
const outranksMatrix: Record<number, boolean[]> = {
  [user]: [false, false, false, false, false],
  [agent]: [false, false, false, false, false],
  [finance]: [false, false, false, false, false],
  [admin]: [true, true, true, false, false],
  [root]: [true, true, true, true, false],
};

describe('user policies', () => {
  it('lets agents and above list users', () => {
    expect(known.map((a) => canListUsers(r(a)))).toEqual([false, true, true, true, true]);
    for (const role of unknown) expect(canListUsers(r(role))).toBe(false);
  });

  it('gets, updates and adjusts only users of a lower role, from admin up', () => {
    for (const actor of known) {
      for (const [i, target] of known.entries()) {
        const expected = outranksMatrix[actor][i];
        expect(canGetUser(r(actor), r(target)), `${actor} get ${target}`).toBe(expected);
        expect(canUpdateUser(r(actor), r(target))).toBe(expected);
        expect(canAdjustQuota(r(actor), r(target))).toBe(expected);
        expect(canDeleteUser(r(actor), r(target))).toBe(expected && target !== root);
        expect(canSetUserStatus(r(actor), r(target))).toBe(expected && target !== root);
        expect(canDemote(r(actor), r(target))).toBe(expected && target !== root && target > user);
        expect(canPromote(r(actor), r(target))).toBe(actor === root && target < admin);
      }
    }
  });

  it('creates and assigns only roles below the caller’s own; only root makes admins', () => {
    const created = (actor: number) =>
      [...known, ...unknown].filter((role) => canCreateUser(r(actor), role));
    expect(created(user)).toEqual([]);
    expect(created(agent)).toEqual([]);
    expect(created(finance)).toEqual([]);
    expect(created(admin)).toEqual([user, agent, finance]);
    expect(created(root)).toEqual([user, agent, finance, admin]);
    expect(canAssignRole(r(root), r(user), admin)).toBe(true);
    expect(canAssignRole(r(admin), r(user), admin)).toBe(false);
    expect(canAssignRole(r(admin), r(user), finance)).toBe(true);
    expect(canAssignRole(r(admin), r(admin), user)).toBe(false);
    expect(canAssignRole(r(root), r(user), root)).toBe(false);
  });

  it('denies every unknown role, as caller or as target', () => {
    for (const odd of unknown) {
      for (const other of known) {
        for (const can of [canGetUser, canUpdateUser, canDeleteUser, canDemote, canPromote]) {
          expect(can(r(odd), r(other)), `${can.name} ${odd} on ${other}`).toBe(false);
          expect(can(r(other), r(odd)), `${can.name} ${other} on ${odd}`).toBe(false);
        }
        expect(canCreateUser(r(odd), user)).toBe(false);
        expect(canAssignRole(r(root), r(other), odd)).toBe(false);
      }
    }
  });

  it('lets staff act on a user only below their role, and never on themselves', () => {
    // Rows: actor role; columns: target role (user, agent, finance, admin, root), another
    // account. Who may call a staff route at all is the route's access, not this rule.
    const allowed: Record<number, boolean[]> = {
      [user]: [false, false, false, false, false],
      [agent]: [true, false, false, false, false],
      [finance]: [true, true, false, false, false],
      [admin]: [true, true, true, false, false],
      [root]: [true, true, true, true, false],
    };
    for (const actor of known) {
      for (const [i, target] of known.entries()) {
        const refusal = staffRefusal({ id: 1, role: actor }, { id: 2, role: target });
        expect(refusal === null, `${actor} on ${target}`).toBe(allowed[actor][i]);
        if (refusal) expect(refusal).toBe('rank');
      }
      expect(staffRefusal({ id: 7, role: actor }, { id: 7, role: actor })).toBe('self');
    }
    for (const odd of unknown) {
      expect(staffRefusal({ id: 1, role: root }, { id: 2, role: odd })).toBe('rank');
      expect(staffRefusal({ id: 1, role: odd }, { id: 2, role: user })).toBe('rank');
    }
  });
});
