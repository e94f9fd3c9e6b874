import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { readString, writeString } from './storage';
import { useMediaQuery } from './use-media';
import { isDark, nextThemeMode, parseThemeMode, themeModeKey, type ThemeMode } from './theme';

interface ThemeState {
  /** The saved setting. */
  mode: ThemeMode;
  /** Whether the page is dark right now. */
  dark: boolean;
  /** Moves to the next mode (light → dark → system) and saves it. */
  cycle: () => void;
}

const ThemeContext = createContext<ThemeState>({
  mode: 'system',
  dark: false,
  cycle: () => undefined,
});

const darkQuery = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.(darkQuery).matches === true;
}

/** Marks `<html>` with the theme for CSS and the browser's own controls. */
function markDocument(mode: ThemeMode, dark: boolean): void {
  const root = document.documentElement;
  root.dataset.theme = dark ? 'dark' : 'light';
  root.dataset.themeMode = mode;
  root.style.colorScheme = dark ? 'dark' : 'light';
}

/**
 * Marks `<html>` with the saved theme at once, before anything renders (the first render waits
 * for the language's catalogues), so a dark page never flashes light.
 */
export function applySavedTheme(): void {
  const mode = parseThemeMode(readString(themeModeKey));
  markDocument(mode, isDark(mode, systemPrefersDark()));
}

/** Holds the theme mode, follows the OS in system mode, and marks `<html>` for CSS. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(() => parseThemeMode(readString(themeModeKey)));
  const osDark = useMediaQuery(darkQuery);

  const dark = isDark(mode, osDark);
  useEffect(() => markDocument(mode, dark), [dark, mode]);

  const cycle = useCallback(() => {
    setMode((current) => {
      const next = nextThemeMode(current);
      writeString(themeModeKey, next);
      return next;
    });
  }, []);

  const value = useMemo(() => ({ mode, dark, cycle }), [mode, dark, cycle]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** The theme mode, whether it is dark, and the cycle action. */
export const useThemeMode = (): ThemeState => useContext(ThemeContext);
