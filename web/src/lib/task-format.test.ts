import { describe, expect, it } from 'vitest';
import { isFinished, percentOf, pollInterval, pollMs, secondsSpent } from './task-format';

describe('task formatting', () => {
  it('measures finish minus start in either unit', () => {
    expect(
      secondsSpent(
        { submit_time: 1000, start_time: 3000, finish_time: 13_000, status: 'SUCCESS' },
        'ms',
      ),
    ).toBe(10);
    // Never started: from the submit.
    expect(
      secondsSpent({ submit_time: 100, start_time: 0, finish_time: 160, status: 'FAILURE' }, 's'),
    ).toBe(60);
  });

  it('counts from the submit to now while running', () => {
    expect(
      secondsSpent(
        { submit_time: 100, start_time: 110, finish_time: 0, status: 'IN_PROGRESS' },
        's',
        140_000,
      ),
    ).toBe(40);
    expect(
      secondsSpent(
        { submit_time: 100_000, start_time: 0, finish_time: 0, status: 'SUBMITTED' },
        'ms',
        107_400,
      ),
    ).toBe(7);
    // A clock behind the server's never shows a negative time.
    expect(
      secondsSpent({ submit_time: 200, start_time: 0, finish_time: 0, status: '' }, 's', 100_000),
    ).toBe(0);
  });

  it('has no time when never submitted or ended without a finish time', () => {
    expect(
      secondsSpent({ submit_time: 0, start_time: 0, finish_time: 0, status: '' }, 's'),
    ).toBeNull();
    expect(
      secondsSpent({ submit_time: 100, start_time: 0, finish_time: 0, status: 'CANCEL' }, 's'),
    ).toBeNull();
  });

  it('reads progress and the end states', () => {
    expect(percentOf('42%')).toBe(42);
    expect(percentOf('')).toBe(0);
    expect(percentOf('250%')).toBe(100);
    expect(isFinished('CANCEL')).toBe(true);
    expect(isFinished('MODAL')).toBe(false);
    expect(isFinished('')).toBe(false);
  });

  it('polls while a row is unfinished, and not after a failed read', () => {
    expect(pollInterval([{ status: 'SUCCESS' }, { status: 'IN_PROGRESS' }], false)).toBe(pollMs);
    expect(pollInterval([{ status: '' }], false)).toBe(pollMs);
    expect(pollInterval([{ status: 'SUCCESS' }, { status: 'FAILURE' }], false)).toBe(false);
    expect(pollInterval([], false)).toBe(false);
    expect(pollInterval([{ status: 'SUBMITTED' }], true)).toBe(false);
  });
});
