import { describe, expect, it } from 'vitest';
import { checkAccess, loginPath, safeRedirect, sidebarHiddenAt } from './guards';

const as = (role: number) => ({ role });

describe('checkAccess', () => {
  it('lets everyone through public routes', () => {
    expect(checkAccess('public', null)).toBe('allow');
    expect(checkAccess('public', as(1))).toBe('allow');
  });

  it('sends visitors without a stored user to sign in', () => {
    for (const p of ['user', 'agent', 'admin', 'root']) expect(checkAccess(p, null)).toBe('login');
  });

  it('compares roles with at-least', () => {
    expect(checkAccess('user', as(1))).toBe('allow');
    expect(checkAccess('agent', as(1))).toBe('denied');
    expect(checkAccess('agent', as(5))).toBe('allow');
    expect(checkAccess('agent', as(8))).toBe('allow');
    expect(checkAccess('admin', as(8))).toBe('denied');
    expect(checkAccess('admin', as(10))).toBe('allow');
    expect(checkAccess('root', as(10))).toBe('denied');
    expect(checkAccess('root', as(100))).toBe('allow');
  });

  it('denies unknown permissions and unknown roles', () => {
    expect(checkAccess('finance-ish', as(100))).toBe('denied');
    expect(checkAccess('finance-ish', null)).toBe('denied');
    expect(checkAccess('user', as(7))).toBe('denied');
    expect(checkAccess('user', as(0))).toBe('denied');
  });
});

describe('redirects', () => {
  it('remembers where the visitor came from', () => {
    expect(loginPath('/token?p=2')).toBe('/login?redirect=%2Ftoken%3Fp%3D2');
  });

  it('only returns to paths on this site', () => {
    expect(safeRedirect('/token?p=2')).toBe('/token?p=2');
    expect(safeRedirect('https://evil.example')).toBe('/panel');
    expect(safeRedirect('//evil.example')).toBe('/panel');
    expect(safeRedirect('/login?expired=true')).toBe('/panel');
    expect(safeRedirect(null)).toBe('/panel');
  });
});

describe('sidebarHiddenAt', () => {
  it('hides the sidebar on /, /home and /chat', () => {
    expect(sidebarHiddenAt('/')).toBe(true);
    expect(sidebarHiddenAt('/home')).toBe(true);
    expect(sidebarHiddenAt('/chat')).toBe(true);
    expect(sidebarHiddenAt('/chat/3')).toBe(true);
    expect(sidebarHiddenAt('/token')).toBe(false);
    expect(sidebarHiddenAt('/chatter')).toBe(false);
  });
});
