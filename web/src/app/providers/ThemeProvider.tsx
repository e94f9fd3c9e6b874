import { ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { storage } from '../../lib/storage';
import { isDarkMode, nextThemeMode, parseThemeMode, type ThemeMode } from '../../lib/theme-mode';
import { ThemeModeContext } from './theme-context';

const darkQuery = '(prefers-color-scheme: dark)';

function useSystemDark(): boolean {
  const [dark, setDark] = useState(() => window.matchMedia?.(darkQuery).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(darkQuery);
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => setDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return dark;
}

/** antd theme (light or dark algorithm) and locale, plus the theme-mode context. */
export function ThemeProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(() => parseThemeMode(storage.get('theme-mode')));
  const systemDark = useSystemDark();
  const dark = isDarkMode(mode, systemDark);

  const cycle = useCallback(() => {
    setMode((current) => {
      const next = nextThemeMode(current);
      storage.set('theme-mode', next);
      return next;
    });
  }, []);

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = dark ? 'dark' : 'light';
    root.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);

  const state = useMemo(() => ({ mode, dark, cycle }), [mode, dark, cycle]);
  const themeConfig = useMemo(
    () => ({ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm }),
    [dark],
  );

  return (
    <ThemeModeContext.Provider value={state}>
      <ConfigProvider theme={themeConfig} locale={locale}>
        {children}
      </ConfigProvider>
    </ThemeModeContext.Provider>
  );
}
