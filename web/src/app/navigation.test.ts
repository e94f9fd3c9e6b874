import type { StatusData } from '@gateway/shared';
import { describe, expect, it } from 'vitest';
import { buildNavigation } from './navigation';
import { routeTable } from './route-table';

type Status = Partial<StatusData>;
const top = (status: Status) =>
  buildNavigation(routeTable, status, null).top.map((link) => link.path);
const side = (status: Status, role: number | null) =>
  buildNavigation(routeTable, status, role === null ? null : { role }).side.flatMap((g) =>
    g.links.map((link) => link.path),
  );

describe('top navigation (from the route table)', () => {
  it('shows chat, doc and agent only when configured', () => {
    expect(top({})).toEqual(['/', '/panel', '/pricing', '/guide']);
    expect(
      top({
        chat_link: 'https://chat.example',
        api_doc_link: 'https://docs.example',
        rixapi_promax: true,
        agent_page_enabled: true,
      }),
    ).toEqual(['/', '/panel', '/chat', '/pricing', '/guide', '/doc', '/agent']);
    expect(top({ rixapi_promax: true, agent_page_enabled: false })).not.toContain('/agent');
    expect(top({ rixapi_promax: false, agent_page_enabled: true })).not.toContain('/agent');
  });

  it('carries each link title from its route', () => {
    const [home] = buildNavigation(routeTable, {}, null).top;
    expect(home).toMatchObject({ path: '/', title: 'nav.home' });
  });
});

describe('sidebar (from the route table)', () => {
  it('gives ordinary users their own pages only, grouped', () => {
    expect(side({}, 1)).toEqual([
      '/panel',
      '/token',
      '/log',
      '/topup',
      '/order',
      '/limits',
      '/profile',
    ]);
    const groups = buildNavigation(routeTable, {}, { role: 1 }).side;
    expect(groups.map((g) => [g.key, g.title])).toEqual([
      ['main', undefined],
      ['finance', 'nav.finance'],
      ['personal', 'nav.personal'],
    ]);
  });

  it('is empty for a visitor who is not signed in', () => {
    expect(side({}, null)).toEqual([]);
  });

  it('gates drawing, tasks, data export and invoices by status flags', () => {
    const all = side(
      { enable_drawing: true, enable_task: true, enable_data_export: true, rixapi_promax: true },
      1,
    );
    expect(all).toEqual(expect.arrayContaining(['/midjourney', '/task', '/detail', '/invoice']));
  });

  it('shows each management page to the roles its route admits (the role is written once)', () => {
    expect(side({}, 5)).toContain('/user');
    expect(side({}, 5)).not.toContain('/channel');
    expect(side({}, 10)).toContain('/channel');
    expect(side({}, 10)).not.toContain('/setting');
    expect(side({}, 100)).toEqual(
      expect.arrayContaining(['/user', '/channel', '/redemption', '/setting']),
    );
    expect(side({}, 42)).not.toContain('/user');
  });
});
