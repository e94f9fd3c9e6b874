import type { StatusData } from '@gateway/shared';
import { hasRole, Role } from '@gateway/shared';
import { isNewerVersion } from '../../lib/version';

type Status = Partial<StatusData>;

/** A group of sidebar links; `title` is a `layout` key, absent for the ungrouped top. */
export interface NavGroup {
  key: string;
  title?: string;
  paths: string[];
}

/** The top navigation (spec section 2), with its conditions. */
export function topNavPaths(status: Status): string[] {
  const paths = ['/', '/panel'];
  if (status.chat_link) paths.push('/chat');
  paths.push('/pricing', '/guide');
  if (status.api_doc_link) paths.push('/doc');
  if (status.rixapi_promax && status.agent_page_enabled) paths.push('/agent');
  return paths;
}

/** The sidebar for a role (spec section 2): flags gate drawing, tasks, export and invoices. */
export function sidebarGroups(status: Status, role: number): NavGroup[] {
  const main = ['/panel', '/token', '/log'];
  if (status.enable_drawing) main.push('/midjourney');
  if (status.enable_task) main.push('/task');
  if (status.enable_data_export) main.push('/detail');
  const finance = ['/topup', '/order'];
  if (status.rixapi_promax) finance.push('/invoice');
  const groups: NavGroup[] = [
    { key: 'main', paths: main },
    { key: 'finance', title: 'nav.finance', paths: finance },
    { key: 'personal', title: 'nav.personal', paths: ['/limits', '/profile'] },
  ];
  const admin: string[] = [];
  if (hasRole(role, Role.agent)) admin.push('/user');
  if (hasRole(role, Role.root)) admin.push('/channel', '/redemption', '/setting');
  if (admin.length > 0) groups.push({ key: 'admin', title: 'nav.admin', paths: admin });
  return groups;
}

/** Whether /setting carries the "to be updated" badge. */
export function updateAvailable(status: Status): boolean {
  return isNewerVersion(status.version ?? '', status.latest_version ?? '');
}

/** The menu entry to highlight for `pathname` among `paths` (longest matching prefix). */
export function selectedPath(pathname: string, paths: string[]): string | undefined {
  return paths
    .filter((p) => (p === '/' ? pathname === '/' : pathname === p || pathname.startsWith(`${p}/`)))
    .sort((a, b) => b.length - a.length)[0];
}
