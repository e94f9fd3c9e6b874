import { describe, expect, it } from 'vitest';
import { isDark, nextThemeMode, parseThemeMode } from './theme';

describe('theme mode', () => {
  it('cycles light → dark → system → light', () => {
    expect(nextThemeMode('light')).toBe('dark');
    expect(nextThemeMode('dark')).toBe('system');
    expect(nextThemeMode('system')).toBe('light');
  });

  it('defaults to system for missing or unknown values', () => {
    expect(parseThemeMode(null)).toBe('system');
    expect(parseThemeMode('blue')).toBe('system');
    expect(parseThemeMode('dark')).toBe('dark');
  });

  it('follows the OS only in system mode', () => {
    expect(isDark('system', true)).toBe(true);
    expect(isDark('system', false)).toBe(false);
    expect(isDark('light', true)).toBe(false);
    expect(isDark('dark', false)).toBe(true);
  });
});
