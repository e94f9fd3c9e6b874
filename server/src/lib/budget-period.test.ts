import { describe, expect, it } from 'vitest';
import { budgetUsedNow, isTimeZone, nextPeriodStart, periodStart } from './budget-period.js';

const at = (iso: string) => Date.parse(iso);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('budget periods', () => {
  it('starts a day at local midnight of the operator time zone', () => {
    expect(iso(periodStart('day', at('2026-11-24T15:30:00Z'), 'UTC'))).toBe(
      '2026-11-24T00:00:00.000Z',
    );
    // 01:30 in Shanghai on the 25th is still the 24th in UTC.
    expect(iso(periodStart('day', at('2026-11-24T17:30:00Z'), 'Asia/Shanghai'))).toBe(
      '2026-11-24T16:00:00.000Z',
    );
  });

  it('starts a week on Monday and a month on the 1st', () => {
    // Tuesday 24 November 2026 → Monday the 23rd.
    expect(iso(periodStart('week', at('2026-11-24T10:00:00Z'), 'UTC'))).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    expect(iso(periodStart('week', at('2026-11-23T00:00:00Z'), 'UTC'))).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    expect(iso(periodStart('month', at('2026-11-24T10:00:00Z'), 'Europe/Berlin'))).toBe(
      '2026-10-31T23:00:00.000Z',
    );
  });

  it('finds the next period across daylight-saving changes', () => {
    // Berlin leaves summer time on 25 October 2026: that day has 25 hours.
    expect(iso(nextPeriodStart('day', at('2026-10-25T12:00:00Z'), 'Europe/Berlin'))).toBe(
      '2026-10-25T23:00:00.000Z',
    );
    expect(iso(nextPeriodStart('month', at('2026-12-31T12:00:00Z'), 'UTC'))).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('counts what was used only in the current period', () => {
    const now = at('2026-11-24T10:00:00Z');
    const today = periodStart('day', now, 'UTC');
    const row = { budget_period: 'day', budget_used: 700, budget_start: today };
    expect(budgetUsedNow(row, 'UTC', now)).toBe(700);
    expect(budgetUsedNow({ ...row, budget_start: today - 86_400 }, 'UTC', now)).toBe(0);
    expect(budgetUsedNow({ ...row, budget_period: '' }, 'UTC', now)).toBe(0);
  });

  it('knows real time zones only', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('the current period', () => {
  it('is remembered until the period ends', async () => {
    const { currentPeriodStart } = await import('./budget-period.js');
    const now = at('2026-11-24T23:59:59Z');
    expect(currentPeriodStart('day', 'UTC', now)).toBe(periodStart('day', now, 'UTC'));
    const next = at('2026-11-25T00:00:00Z');
    expect(currentPeriodStart('day', 'UTC', next)).toBe(periodStart('day', next, 'UTC'));
    expect(currentPeriodStart('day', 'UTC', next)).toBe(
      currentPeriodStart('day', 'UTC', now) + 86_400,
    );
  });
});
