import type { StatusData } from '@gateway/shared';
import { isNewerVersion } from '../../lib/version';

type Status = Partial<StatusData>;

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
