/** The theme setting: a fixed scheme, or whatever the operating system prefers. */
export type ThemeMode = 'light' | 'dark' | 'system';

/** localStorage key of the theme setting. */
export const themeModeKey = 'theme-mode';

const order: ThemeMode[] = ['light', 'dark', 'system'];

/** The mode after a click: light → dark → system → light. */
export function nextThemeMode(mode: ThemeMode): ThemeMode {
  return order[(order.indexOf(mode) + 1) % order.length];
}

/** A stored value as a mode; anything else is the default, system. */
export function parseThemeMode(value: string | null): ThemeMode {
  return value === 'light' || value === 'dark' || value === 'system' ? value : 'system';
}

/** Whether the page is dark for `mode` given the OS preference. */
export function isDark(mode: ThemeMode, systemPrefersDark: boolean): boolean {
  return mode === 'dark' || (mode === 'system' && systemPrefersDark);
}
