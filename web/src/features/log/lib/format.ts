import dayjs from 'dayjs';

/** Unix seconds as `YYYY-MM-DD HH:mm:ss` in local time; empty for 0. */
export function formatTime(seconds: number): string {
  return seconds > 0 ? dayjs.unix(seconds).format('YYYY-MM-DD HH:mm:ss') : '';
}

/** Milliseconds as seconds with one decimal (`1.2 s`), or ms below one second. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '-';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
