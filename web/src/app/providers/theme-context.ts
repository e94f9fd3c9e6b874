import { createContext, useContext } from 'react';
import type { ThemeMode } from '../../lib/theme-mode';

/** The chosen theme mode, whether the page is dark, and the click handler that cycles it. */
export interface ThemeModeState {
  mode: ThemeMode;
  dark: boolean;
  cycle: () => void;
}

export const ThemeModeContext = createContext<ThemeModeState>({
  mode: 'system',
  dark: false,
  cycle: () => undefined,
});

/** The theme mode of the console. */
export function useThemeMode(): ThemeModeState {
  return useContext(ThemeModeContext);
}
