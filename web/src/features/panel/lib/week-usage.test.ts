import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { summarizeWeek } from './week-usage';

describe('summarizeWeek', () => {
  it('gives today, the last 3 days and the 7-day average', () => {
    const today = dayjs('2026-05-10T00:00:00');
    const row = (daysAgo: number, quota: number) => ({
      model_name: 'm',
      created_at: today.subtract(daysAgo, 'day').unix(),
      token_used: 10,
      count: 1,
      quota,
    });
    const week = summarizeWeek([row(0, 70), row(2, 140), row(5, 490), row(9, 1000)], today.unix());
    expect(week.days).toHaveLength(7);
    expect(week.today.quota).toBe(70);
    expect(week.last3.quota).toBe(210);
    expect(week.average.quota).toBe(100);
    expect(week.average.count).toBeCloseTo(0.4);
  });
});
