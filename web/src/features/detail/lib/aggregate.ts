import type { UsageDataRow } from '@gateway/shared';
import dayjs from 'dayjs';

/** Chart granularity. */
export type Granularity = 'hour' | 'day' | 'week';

/** Usage as series: one value per bucket for each model, plus totals. */
export interface UsageSeries {
  /** Start of each bucket, Unix seconds, ascending. */
  buckets: number[];
  /** Models ordered by consumed quota, largest first. */
  models: string[];
  quota: Record<string, number[]>;
  count: Record<string, number[]>;
  tokens: Record<string, number[]>;
  totals: { quota: number; count: number; tokens: number };
  /** Quota per model over the whole range. */
  quotaByModel: Record<string, number>;
}

const step: Record<Granularity, 'hour' | 'day' | 'week'> = {
  hour: 'hour',
  day: 'day',
  week: 'week',
};

/** Start of the bucket holding `seconds` in local time (weeks start on Monday). */
export function bucketStart(seconds: number, granularity: Granularity): number {
  const t = dayjs.unix(seconds);
  if (granularity === 'hour') return t.startOf('hour').unix();
  const day = t.startOf('day');
  if (granularity === 'day') return day.unix();
  return day.subtract((day.day() + 6) % 7, 'day').unix();
}

/** Every bucket between two times, so that quiet periods show as zeros (at most 2000). */
export function bucketsBetween(start: number, end: number, granularity: Granularity): number[] {
  const out: number[] = [];
  let t = dayjs.unix(bucketStart(start, granularity));
  while (t.unix() <= end && out.length < 2000) {
    out.push(t.unix());
    t = t.add(1, step[granularity]);
  }
  return out;
}

/** Groups usage rows into per-model series over the range's buckets. */
export function aggregateUsage(
  rows: UsageDataRow[],
  range: { start: number; end: number },
  granularity: Granularity,
): UsageSeries {
  const set = new Set(bucketsBetween(range.start, range.end, granularity));
  for (const row of rows) set.add(row.created_at);
  const buckets = [...set].sort((a, b) => a - b);
  const index = new Map(buckets.map((b, i) => [b, i]));
  const quotaByModel: Record<string, number> = {};
  const series = { quota: {}, count: {}, tokens: {} } as Pick<
    UsageSeries,
    'quota' | 'count' | 'tokens'
  >;
  const totals = { quota: 0, count: 0, tokens: 0 };
  for (const row of rows) {
    const i = index.get(row.created_at) ?? 0;
    for (const field of ['quota', 'count', 'tokens'] as const) {
      const values = (series[field][row.model_name] ??= new Array<number>(buckets.length).fill(0));
      const value = field === 'tokens' ? row.token_used : row[field];
      values[i] += value;
      totals[field] += value;
    }
    quotaByModel[row.model_name] = (quotaByModel[row.model_name] ?? 0) + row.quota;
  }
  const models = Object.keys(quotaByModel).sort((a, b) => quotaByModel[b] - quotaByModel[a]);
  return { buckets, models, ...series, totals, quotaByModel };
}

/** A bucket's label for the axis. */
export function bucketLabel(seconds: number, granularity: Granularity): string {
  return dayjs.unix(seconds).format(granularity === 'hour' ? 'MM-DD HH:00' : 'YYYY-MM-DD');
}

/** The default range for a granularity: a day of hours, a week of days, eight weeks. */
export function defaultRange(
  granularity: Granularity,
  now = dayjs(),
): { start: number; end: number } {
  const back =
    granularity === 'hour'
      ? now.subtract(24, 'hour')
      : granularity === 'day'
        ? now.subtract(7, 'day')
        : now.subtract(8, 'week');
  return { start: back.unix(), end: now.endOf('hour').unix() };
}
