import { describe, expect, it } from 'vitest';
import { selectedPath, sidebarGroups, topNavPaths, updateAvailable } from './nav-model';

const paths = (status: Parameters<typeof sidebarGroups>[0], role: number) =>
  sidebarGroups(status, role).flatMap((g) => g.paths);

describe('topNavPaths', () => {
  it('shows chat, doc and agent only when configured', () => {
    expect(topNavPaths({})).toEqual(['/', '/panel', '/pricing', '/guide']);
    expect(
      topNavPaths({
        chat_link: 'https://chat.example',
        api_doc_link: 'https://docs.example',
        rixapi_promax: true,
        agent_page_enabled: true,
      }),
    ).toEqual(['/', '/panel', '/chat', '/pricing', '/guide', '/doc', '/agent']);
    expect(topNavPaths({ rixapi_promax: true, agent_page_enabled: false })).not.toContain('/agent');
  });
});

describe('sidebarGroups', () => {
  it('gives ordinary users their own pages only', () => {
    expect(paths({}, 1)).toEqual([
      '/panel',
      '/token',
      '/log',
      '/topup',
      '/order',
      '/limits',
      '/profile',
    ]);
  });

  it('gates drawing, tasks, data export and invoices by status flags', () => {
    const all = paths(
      { enable_drawing: true, enable_task: true, enable_data_export: true, rixapi_promax: true },
      1,
    );
    expect(all).toEqual(expect.arrayContaining(['/midjourney', '/task', '/detail', '/invoice']));
  });

  it('shows /user from agent up and root items to root only', () => {
    expect(paths({}, 5)).toContain('/user');
    expect(paths({}, 10)).not.toContain('/setting');
    expect(paths({}, 100)).toEqual(
      expect.arrayContaining(['/user', '/channel', '/redemption', '/setting']),
    );
    expect(paths({}, 42)).not.toContain('/user');
  });
});

describe('updateAvailable', () => {
  it('is true when the latest version is newer', () => {
    expect(updateAvailable({ version: '1.0.0', latest_version: '1.1.0' })).toBe(true);
    expect(updateAvailable({ version: '1.1.0', latest_version: '1.1.0' })).toBe(false);
    expect(updateAvailable({ version: '1.1.0', latest_version: '' })).toBe(false);
  });
});

describe('selectedPath', () => {
  it('picks the longest matching entry', () => {
    expect(selectedPath('/user/edit/3', ['/user', '/panel'])).toBe('/user');
    expect(selectedPath('/', ['/', '/panel'])).toBe('/');
    expect(selectedPath('/panel', ['/', '/panel'])).toBe('/panel');
    expect(selectedPath('/nowhere', ['/', '/panel'])).toBeUndefined();
  });
});
