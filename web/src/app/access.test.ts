import { Role } from '@gateway/shared';
import { describe, expect, it } from 'vitest';
import { decideAccess, loginPathFor, safeRedirect } from './access';

const as = (role: number) => ({ role });

describe('decideAccess', () => {
  it('lets anyone open public pages', () => {
    expect(decideAccess('public', null)).toBe('allow');
    expect(decideAccess('public', as(Role.user))).toBe('allow');
  });
  it('sends visitors without a stored user to sign in', () => {
    for (const permission of ['user', 'agent', 'admin', 'root']) {
      expect(decideAccess(permission, null)).toBe('login');
    }
  });
  it('checks roles as greater-or-equal', () => {
    expect(decideAccess('user', as(Role.user))).toBe('allow');
    expect(decideAccess('agent', as(Role.user))).toBe('unauthorized');
    expect(decideAccess('agent', as(Role.agent))).toBe('allow');
    expect(decideAccess('agent', as(Role.finance))).toBe('allow');
    expect(decideAccess('admin', as(Role.finance))).toBe('unauthorized');
    expect(decideAccess('admin', as(Role.admin))).toBe('allow');
    expect(decideAccess('root', as(Role.admin))).toBe('unauthorized');
    expect(decideAccess('root', as(Role.root))).toBe('allow');
  });
  it('denies unknown permissions and unknown roles', () => {
    expect(decideAccess('superuser', as(Role.root))).toBe('unauthorized');
    expect(decideAccess('toString', as(Role.root))).toBe('unauthorized');
    expect(decideAccess('user', as(7))).toBe('unauthorized');
    expect(decideAccess('user', as(1000))).toBe('unauthorized');
  });
});

describe('redirects', () => {
  it('remembers where the visitor came from', () => {
    expect(loginPathFor('/token?p=2')).toBe('/login?redirect=%2Ftoken%3Fp%3D2');
  });
  it('returns only to local paths', () => {
    expect(safeRedirect('/token')).toBe('/token');
    expect(safeRedirect('https://evil.example')).toBe('/panel');
    expect(safeRedirect('//evil.example')).toBe('/panel');
    expect(safeRedirect(null)).toBe('/panel');
    expect(safeRedirect('/login?x=1')).toBe('/panel');
  });
});
