import type { StatusData } from '@gateway/shared';
import { hasRole, Role } from '@gateway/shared';
import { isNewerVersion } from '../../lib/version';

/** A navigation entry: a path, or a titled group of entries. */
export interface NavEntry {
  /** The route path; for groups, a stable key. */
  key: string;
  /** Key of the label in `common:nav`. */
  name: string;
  /** Shows the "to be updated" badge. */
  badge?: boolean;
  children?: NavEntry[];
}

const entry = (path: string, name: string, badge?: boolean): NavEntry => ({
  key: path,
  name,
  badge,
});

/** The top navigation of spec section 2 with its conditions. */
export function topNavEntries(status: StatusData | undefined): NavEntry[] {
  const items = [entry('/', 'home'), entry('/panel', 'panel')];
  if (status?.chat_link) items.push(entry('/chat', 'chat'));
  items.push(entry('/pricing', 'pricing'), entry('/guide', 'guide'));
  if (status?.api_doc_link) items.push(entry('/doc', 'doc'));
  if (status?.rixapi_promax && status.agent_page_enabled) items.push(entry('/agent', 'agent'));
  return items;
}

/** The sidebar of spec section 2: gated by the status flags and the user's role. */
export function sidebarEntries(status: StatusData | undefined, role: number): NavEntry[] {
  const items = [entry('/panel', 'panel'), entry('/token', 'token'), entry('/log', 'log')];
  if (status?.enable_drawing) items.push(entry('/midjourney', 'midjourney'));
  if (status?.enable_task) items.push(entry('/task', 'task'));
  if (status?.enable_data_export) items.push(entry('/detail', 'detail'));

  const finance = [entry('/topup', 'topup'), entry('/order', 'order')];
  if (status?.rixapi_promax) finance.push(entry('/invoice', 'invoice'));
  items.push({ key: 'finance', name: 'finance', children: finance });
  items.push(entry('/limits', 'limits'), entry('/profile', 'profile'));

  const admin: NavEntry[] = [];
  if (hasRole(role, Role.agent)) admin.push(entry('/user', 'user'));
  if (hasRole(role, Role.root)) {
    const outdated = !!status && isNewerVersion(status.latest_version, status.version);
    admin.push(
      entry('/channel', 'channel'),
      entry('/redemption', 'redemption'),
      entry('/setting', 'setting', outdated),
    );
  }
  if (admin.length > 0) items.push({ key: 'admin', name: 'admin', children: admin });
  return items;
}

/** The entry key to highlight for `pathname` (e.g. `/user/edit/3` → `/user`). */
export function selectedKey(pathname: string, entries: NavEntry[]): string | undefined {
  const keys = entries.flatMap((e) => (e.children ? e.children.map((c) => c.key) : [e.key]));
  const matches = keys.filter((k) => k === pathname || (k !== '/' && pathname.startsWith(`${k}/`)));
  return matches.sort((a, b) => b.length - a.length)[0];
}
