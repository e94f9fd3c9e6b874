/** The theme the visitor chose; `system` follows the OS preference. */
export type ThemeMode = 'light' | 'dark' | 'system';

const order: ThemeMode[] = ['light', 'dark', 'system'];

/** The next mode on click: light → dark → system → light. */
export function nextThemeMode(mode: ThemeMode): ThemeMode {
  return order[(order.indexOf(mode) + 1) % order.length];
}

/** A stored value as a mode; anything else means the default, `system`. */
export function parseThemeMode(value: string | null): ThemeMode {
  return value === 'light' || value === 'dark' || value === 'system' ? value : 'system';
}

/** Whether the page is dark for `mode` given the OS preference. */
export function isDarkMode(mode: ThemeMode, systemPrefersDark: boolean): boolean {
  return mode === 'dark' || (mode === 'system' && systemPrefersDark);
}
