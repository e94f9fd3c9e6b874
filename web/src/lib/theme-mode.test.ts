import { describe, expect, it } from 'vitest';
import { isDarkMode, nextThemeMode, parseThemeMode } from './theme-mode';

describe('theme mode', () => {
  it('cycles light → dark → system → light', () => {
    expect(nextThemeMode('light')).toBe('dark');
    expect(nextThemeMode('dark')).toBe('system');
    expect(nextThemeMode('system')).toBe('light');
  });
  it('defaults to system', () => {
    expect(parseThemeMode(null)).toBe('system');
    expect(parseThemeMode('purple')).toBe('system');
    expect(parseThemeMode('dark')).toBe('dark');
  });
  it('follows the OS only in system mode', () => {
    expect(isDarkMode('system', true)).toBe(true);
    expect(isDarkMode('system', false)).toBe(false);
    expect(isDarkMode('light', true)).toBe(false);
    expect(isDarkMode('dark', false)).toBe(true);
  });
});
