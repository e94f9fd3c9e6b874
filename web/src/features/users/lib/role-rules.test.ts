import { describe, expect, it } from 'vitest';
import { assignableRoles, canDemote, canManage, canPromote } from './role-rules';

const r = (role: number) => ({ role });

describe('user role rules', () => {
  it('lets admins act only on users below their role', () => {
    expect(canManage(r(10), r(1))).toBe(true);
    expect(canManage(r(10), r(8))).toBe(true);
    expect(canManage(r(10), r(10))).toBe(false);
    expect(canManage(r(10), r(100))).toBe(false);
    expect(canManage(r(100), r(10))).toBe(true);
  });

  it('keeps agents and finance read-only', () => {
    expect(canManage(r(5), r(1))).toBe(false);
    expect(canManage(r(8), r(1))).toBe(false);
  });

  it('lets only root promote, and never past admin', () => {
    expect(canPromote(r(100), r(1))).toBe(true);
    expect(canPromote(r(100), r(10))).toBe(false);
    expect(canPromote(r(10), r(1))).toBe(false);
  });

  it('demotes only users above ordinary and below the actor', () => {
    expect(canDemote(r(100), r(10))).toBe(true);
    expect(canDemote(r(100), r(1))).toBe(false);
    expect(canDemote(r(10), r(5))).toBe(true);
    expect(canDemote(r(10), r(100))).toBe(false);
  });

  it('offers roles strictly below the actor', () => {
    expect(assignableRoles(r(100))).toEqual([1, 5, 8, 10]);
    expect(assignableRoles(r(10))).toEqual([1, 5, 8]);
    expect(assignableRoles(r(5))).toEqual([1]);
  });

  it('denies unknown roles', () => {
    expect(canManage(r(100), r(42))).toBe(false);
    expect(canManage(r(42), r(1))).toBe(false);
  });
});
