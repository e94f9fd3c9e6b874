import { describe, expect, it } from 'vitest';
import { shouldShowNotice, today } from './notice';

const day = '2025-03-04';

describe('shouldShowNotice', () => {
  it('never shows an empty announcement', () => {
    expect(shouldShowNotice('', { seen: null, dismissedOn: null }, day)).toBe(false);
    expect(shouldShowNotice('  \n', { seen: null, dismissedOn: null }, day)).toBe(false);
  });
  it('shows a new or changed announcement even if dismissed today', () => {
    expect(shouldShowNotice('hello', { seen: null, dismissedOn: null }, day)).toBe(true);
    expect(shouldShowNotice('hello v2', { seen: 'hello', dismissedOn: day }, day)).toBe(true);
  });
  it('shows a seen announcement again until it is dismissed for today', () => {
    expect(shouldShowNotice('hello', { seen: 'hello', dismissedOn: null }, day)).toBe(true);
    expect(shouldShowNotice('hello', { seen: 'hello', dismissedOn: '2025-03-03' }, day)).toBe(
      true,
    );
    expect(shouldShowNotice('hello', { seen: 'hello', dismissedOn: day }, day)).toBe(false);
  });
});

describe('today', () => {
  it('formats the local date', () => {
    expect(today(new Date(2025, 0, 9, 23, 59))).toBe('2025-01-09');
  });
});
