/** What the browser remembers of the announcement: `localStorage.notice` and `notice_time`. */
export interface NoticeMemory {
  /** The announcement text last shown. */
  seen: string | null;
  /** The day (YYYY-MM-DD) "no more reminders today" was pressed. */
  dismissedOn: string | null;
}

/** Shown automatically when non-empty and either changed since last seen or not dismissed today. */
export function shouldShowNotice(content: string, memory: NoticeMemory, today: string): boolean {
  if (!content.trim()) return false;
  return content !== memory.seen || memory.dismissedOn !== today;
}

/** The local calendar day as YYYY-MM-DD. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
