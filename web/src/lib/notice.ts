import { storage } from './storage';

/** What the browser remembers about the announcement. */
export interface NoticeMemory {
  /** The announcement text last seen (`localStorage.notice`). */
  seen: string | null;
  /** The day "no more reminders today" was pressed (`localStorage.notice_time`). */
  dismissedOn: string | null;
}

/** Today's date as YYYY-MM-DD in local time. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Whether the announcement pops up by itself: it has content, and it changed since it was
 * last seen or was not dismissed for today (spec section 4).
 */
export function shouldShowNotice(notice: string, memory: NoticeMemory, day: string): boolean {
  if (notice.trim() === '') return false;
  if (memory.seen !== notice) return true;
  return memory.dismissedOn !== day;
}

/** Reads the announcement memory from localStorage. */
export function readNoticeMemory(): NoticeMemory {
  return { seen: storage.get('notice'), dismissedOn: storage.get('notice_time') };
}

/** Remembers that `notice` was seen; with `forToday`, stops it popping up until tomorrow. */
export function rememberNotice(notice: string, forToday: boolean, day = today()): void {
  storage.set('notice', notice);
  if (forToday) storage.set('notice_time', day);
}
