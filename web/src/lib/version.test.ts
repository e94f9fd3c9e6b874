import { describe, expect, it } from 'vitest';
import { isNewerVersion } from './version';

describe('isNewerVersion', () => {
  it('compares numerically, part by part', () => {
    expect(isNewerVersion('1.2.9', '1.2.10')).toBe(true);
    expect(isNewerVersion('v1.3.0', '1.2.10')).toBe(false);
    expect(isNewerVersion('1.2', '1.2.1')).toBe(true);
    expect(isNewerVersion('1.2.0', '1.2')).toBe(false);
  });

  it('is false when equal or when a side is unknown', () => {
    expect(isNewerVersion('1.0.0', '1.0.0')).toBe(false);
    expect(isNewerVersion('1.0.0', '')).toBe(false);
    expect(isNewerVersion('', '2.0.0')).toBe(false);
  });
});
