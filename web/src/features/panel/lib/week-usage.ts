import type { UsageDataRow } from '@gateway/shared';
import dayjs from 'dayjs';

/** One day of usage. */
export interface DayUsage {
  /** Local midnight, Unix seconds. */
  day: number;
  quota: number;
  count: number;
  tokens: number;
}

/** The workbench's usage figures: today, the last 3 days, the 7-day average, and each day. */
export interface WeekUsage {
  days: DayUsage[];
  today: DayUsage;
  last3: DayUsage;
  average: DayUsage;
}

const empty = (day: number): DayUsage => ({ day, quota: 0, count: 0, tokens: 0 });
const sum = (days: DayUsage[], day: number) =>
  days.reduce(
    (acc, d) => ({
      day,
      quota: acc.quota + d.quota,
      count: acc.count + d.count,
      tokens: acc.tokens + d.tokens,
    }),
    empty(day),
  );

/** Sums daily rows into the 7 days ending with `today` (local midnight). */
export function summarizeWeek(rows: UsageDataRow[], today: number): WeekUsage {
  const days = Array.from({ length: 7 }, (_, i) =>
    empty(
      dayjs
        .unix(today)
        .subtract(6 - i, 'day')
        .unix(),
    ),
  );
  for (const row of rows) {
    const day = dayjs.unix(row.created_at).startOf('day').unix();
    const target = days.find((d) => d.day === day);
    if (!target) continue;
    target.quota += row.quota;
    target.count += row.count;
    target.tokens += row.token_used;
  }
  const week = sum(days, days[0].day);
  return {
    days,
    today: days[6],
    last3: sum(days.slice(4), days[4].day),
    average: {
      day: week.day,
      quota: Math.round(week.quota / 7),
      count: Math.round((week.count / 7) * 10) / 10,
      tokens: Math.round(week.tokens / 7),
    },
  };
}
