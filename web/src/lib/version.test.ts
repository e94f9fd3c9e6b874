import { describe, expect, it } from 'vitest';
import { isNewerVersion } from './version';

describe('isNewerVersion', () => {
  it('compares numerically, part by part', () => {
    expect(isNewerVersion('v1.2.10', 'v1.2.9')).toBe(true);
    expect(isNewerVersion('1.3.0', 'v1.2.99')).toBe(true);
    expect(isNewerVersion('v1.2.9', 'v1.2.10')).toBe(false);
    expect(isNewerVersion('v1.2.0', '1.2')).toBe(false);
  });
  it('never flags unknown versions', () => {
    expect(isNewerVersion('', 'v1.0.0')).toBe(false);
    expect(isNewerVersion('v2.0.0', '')).toBe(false);
  });
});
