import type { StatusData } from '@gateway/shared';
import { Role } from '@gateway/shared';
import { describe, expect, it } from 'vitest';
import { selectedKey, sidebarEntries, topNavEntries, type NavEntry } from './nav-items';

const status = (over: Partial<StatusData> = {}) =>
  ({
    version: 'v1.0.0',
    latest_version: 'v1.0.0',
    chat_link: '',
    api_doc_link: '',
    rixapi_promax: false,
    agent_page_enabled: false,
    enable_drawing: false,
    enable_task: false,
    enable_data_export: false,
    ...over,
  }) as StatusData;

const flat = (entries: NavEntry[]) =>
  entries.flatMap((e) => (e.children ? [e.key, ...e.children.map((c) => c.key)] : [e.key]));

describe('topNavEntries', () => {
  it('shows chat, doc and agent only when configured', () => {
    expect(flat(topNavEntries(status()))).toEqual(['/', '/panel', '/pricing', '/guide']);
    const all = status({
      chat_link: 'https://chat.example',
      api_doc_link: 'https://doc.example',
      rixapi_promax: true,
      agent_page_enabled: true,
    });
    expect(flat(topNavEntries(all))).toEqual([
      '/',
      '/panel',
      '/chat',
      '/pricing',
      '/guide',
      '/doc',
      '/agent',
    ]);
    expect(flat(topNavEntries(status({ agent_page_enabled: true })))).not.toContain('/agent');
  });
});

describe('sidebarEntries', () => {
  it('gives an ordinary user the personal items only', () => {
    const keys = flat(sidebarEntries(status(), Role.user));
    expect(keys).toEqual(['/panel', '/token', '/log', 'finance', '/topup', '/order', '/limits', '/profile']);
  });
  it('gates drawing, tasks, data export and invoices by the status flags', () => {
    const s = status({
      enable_drawing: true,
      enable_task: true,
      enable_data_export: true,
      rixapi_promax: true,
    });
    const keys = flat(sidebarEntries(s, Role.user));
    expect(keys).toEqual(expect.arrayContaining(['/midjourney', '/task', '/detail', '/invoice']));
  });
  it('shows /user to agents and the root items to root only', () => {
    expect(flat(sidebarEntries(status(), Role.agent))).toContain('/user');
    expect(flat(sidebarEntries(status(), Role.admin))).not.toContain('/setting');
    const root = flat(sidebarEntries(status(), Role.root));
    expect(root).toEqual(expect.arrayContaining(['/user', '/channel', '/redemption', '/setting']));
  });
  it('badges /setting when a newer version exists', () => {
    const find = (s: StatusData) =>
      sidebarEntries(s, Role.root)
        .flatMap((e) => e.children ?? [e])
        .find((e) => e.key === '/setting');
    expect(find(status({ latest_version: 'v1.1.0' }))?.badge).toBe(true);
    expect(find(status())?.badge).toBe(false);
  });
});

describe('selectedKey', () => {
  it('picks the longest matching entry', () => {
    const entries = sidebarEntries(status(), Role.root);
    expect(selectedKey('/user/edit/3', entries)).toBe('/user');
    expect(selectedKey('/setting', entries)).toBe('/setting');
    expect(selectedKey('/nowhere', entries)).toBeUndefined();
  });
});
