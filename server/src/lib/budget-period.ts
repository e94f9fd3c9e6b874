/** The reset periods of a budget. */
export type BudgetPeriod = 'day' | 'week' | 'month';

export const budgetPeriods: readonly BudgetPeriod[] = ['day', 'week', 'month'];

/** A budget: its period and the quota it allows per period. */
export interface Budget {
  period: BudgetPeriod;
  quota: number;
}

/** The budget of stored columns; null when there is none. */
export function budgetOf(period: string, quota: number | string): Budget | null {
  const amount = Number(quota);
  return budgetPeriods.includes(period as BudgetPeriod) && amount > 0
    ? { period: period as BudgetPeriod, quota: amount }
    : null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Calendar fields of an instant in a time zone. */
function partsIn(ms: number, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const p of format.formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday ?? 'Mon'),
  };
}

/** The offset of a time zone at an instant, in milliseconds (local − UTC). */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsIn(ms, timeZone);
  const local = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return local - Math.floor(ms / 1000) * 1000;
}

/** The instant of a local midnight (year, month 1-12, day) in a time zone. */
function localMidnight(year: number, month: number, day: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day);
  // Two passes settle the offset across a daylight-saving change.
  let ms = guess - offsetAt(guess, timeZone);
  ms = guess - offsetAt(ms, timeZone);
  return ms;
}

/**
 * Unix seconds at which the budget period containing `ms` started, in the operator's time
 * zone: local midnight of the day, of the Monday of the week, or of the 1st of the month.
 */
export function periodStart(period: BudgetPeriod, ms: number, timeZone: string): number {
  const p = partsIn(ms, timeZone);
  let { year, month, day } = p;
  if (period === 'month') day = 1;
  if (period === 'week') {
    const monday = new Date(Date.UTC(year, month - 1, day - p.weekday));
    year = monday.getUTCFullYear();
    month = monday.getUTCMonth() + 1;
    day = monday.getUTCDate();
  }
  return Math.floor(localMidnight(year, month, day, timeZone) / 1000);
}

const current = new Map<string, { start: number; endMs: number }>();

/**
 * `periodStart` for the present, memoised until the period ends (the relay asks for every
 * request of a key or user with a budget; the calendar maths runs once per period).
 */
export function currentPeriodStart(
  period: BudgetPeriod,
  timeZone: string,
  ms = Date.now(),
): number {
  const key = `${period}|${timeZone}`;
  const hit = current.get(key);
  if (hit && ms >= hit.start * 1000 && ms < hit.endMs) return hit.start;
  const start = periodStart(period, ms, timeZone);
  current.set(key, { start, endMs: nextPeriodStart(period, ms, timeZone) * 1000 });
  return start;
}

/** Unix seconds at which the period after the one containing `ms` starts. */
export function nextPeriodStart(period: BudgetPeriod, ms: number, timeZone: string): number {
  const start = periodStart(period, ms, timeZone) * 1000;
  // A day later than the longest period, then back to its start.
  const past = { day: 26, week: 7 * 24 + 2, month: 32 * 24 }[period] * 3600 * 1000;
  return periodStart(period, start + past, timeZone);
}

/** What the current period used of a stored budget (0 once a new period began). */
export function budgetUsedNow(
  row: { budget_period: string; budget_used: number | string; budget_start: number | string },
  timeZone: string,
  ms = Date.now(),
): number {
  const budget = budgetOf(row.budget_period, 1);
  if (!budget) return 0;
  return Number(row.budget_start) === periodStart(budget.period, ms, timeZone)
    ? Number(row.budget_used)
    : 0;
}

/** Whether a text is a time zone this runtime knows. */
export function isTimeZone(text: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: text });
    return true;
  } catch {
    return false;
  }
}
