/** States after which a drawing or task never changes again. */
const finished = new Set(['SUCCESS', 'FAILURE', 'CANCEL']);

/** Whether a drawing or task has ended. */
export const isFinished = (status: string): boolean => finished.has(status);

/** How often a list page holding unfinished drawings or tasks is read again. */
export const pollMs = 5000;

/**
 * The refetch interval of a drawing or task list: every {@link pollMs} while any row of the
 * page is unfinished, and not after a failed read (the next search starts it again).
 */
export function pollInterval(
  items: readonly { status: string }[],
  failed: boolean,
): number | false {
  return !failed && items.some((item) => !isFinished(item.status)) ? pollMs : false;
}

/**
 * Seconds a task has taken: finish minus start (or submit when it never started), or since
 * submit while it runs (to `now`, in ms); times in the list's unit (`ms` for drawings, `s` for
 * music and video). Null when unknown (never submitted, or ended without a finish time).
 */
export function secondsSpent(
  task: { submit_time: number; start_time: number; finish_time: number; status: string },
  unit: 'ms' | 's',
  now = Date.now(),
): number | null {
  const scale = unit === 'ms' ? 1000 : 1;
  if (task.finish_time) {
    const from = task.start_time || task.submit_time;
    return from ? Math.max(0, Math.round((task.finish_time - from) / scale)) : null;
  }
  if (isFinished(task.status) || !task.submit_time) return null;
  return Math.max(0, Math.round(now / 1000 - task.submit_time / scale));
}

/** The percentage of a `"42%"` progress text (0 when absent). */
export const percentOf = (progress: string): number => {
  const value = Number.parseFloat(progress);
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
};
