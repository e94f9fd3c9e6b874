import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { aggregateUsage, bucketStart, bucketsBetween } from './aggregate';
import { isDarkColor } from '../../../components/charts/use-echart';

describe('usage aggregation', () => {
  const start = dayjs('2026-03-02T00:00:00').unix(); // a Monday
  it('lists every bucket of the range', () => {
    expect(bucketsBetween(start, start + 3 * 3600 - 1, 'hour')).toHaveLength(3);
    expect(bucketsBetween(start, start + 7 * 86400 - 1, 'day')).toHaveLength(7);
  });

  it('starts weeks on Monday', () => {
    const wednesday = dayjs('2026-03-04T15:00:00').unix();
    expect(bucketStart(wednesday, 'week')).toBe(start);
  });

  it('sums per model and orders models by quota', () => {
    const rows = [
      { model_name: 'a', created_at: start, token_used: 10, count: 1, quota: 5 },
      { model_name: 'b', created_at: start + 3600, token_used: 20, count: 2, quota: 50 },
      { model_name: 'a', created_at: start + 3600, token_used: 1, count: 1, quota: 1 },
    ];
    const s = aggregateUsage(rows, { start, end: start + 2 * 3600 - 1 }, 'hour');
    expect(s.models).toEqual(['b', 'a']);
    expect(s.quota.a).toEqual([5, 1]);
    expect(s.totals).toEqual({ quota: 56, count: 4, tokens: 31 });
  });
});

describe('isDarkColor', () => {
  it('tells dark backgrounds from light ones', () => {
    expect(isDarkColor('#141414')).toBe(true);
    expect(isDarkColor('#ffffff')).toBe(false);
  });
});
