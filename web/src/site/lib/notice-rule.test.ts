import { describe, expect, it } from 'vitest';
import { localDay, shouldShowNotice } from './notice-rule';

const today = '2025-06-01';

describe('shouldShowNotice', () => {
  it('never shows an empty announcement', () => {
    expect(shouldShowNotice('', { seen: null, dismissedOn: null }, today)).toBe(false);
    expect(shouldShowNotice('  \n', { seen: null, dismissedOn: null }, today)).toBe(false);
  });

  it('shows a new or changed announcement even if dismissed today', () => {
    expect(shouldShowNotice('hello', { seen: null, dismissedOn: null }, today)).toBe(true);
    expect(shouldShowNotice('v2', { seen: 'v1', dismissedOn: today }, today)).toBe(true);
  });

  it('shows a seen announcement again unless dismissed today', () => {
    expect(shouldShowNotice('v1', { seen: 'v1', dismissedOn: null }, today)).toBe(true);
    expect(shouldShowNotice('v1', { seen: 'v1', dismissedOn: '2025-05-31' }, today)).toBe(true);
    expect(shouldShowNotice('v1', { seen: 'v1', dismissedOn: today }, today)).toBe(false);
  });
});

describe('localDay', () => {
  it('formats the local date with zero padding', () => {
    expect(localDay(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});
