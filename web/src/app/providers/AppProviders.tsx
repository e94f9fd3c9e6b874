import type { Language } from '@gateway/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../i18n/detect';
import { antdLocales, dayjsLocales } from '../../i18n/library-locales';
import { NotifyBridge } from './NotifyBridge';
import { ThemeProvider, useThemeMode } from '../../lib/theme-mode';
import { usePrefersReducedMotion } from '../../lib/use-media';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: false },
  },
});

/** Paints the page behind the app with the theme's layout colour (overscroll, short pages). */
function BodyBackground() {
  const { token } = theme.useToken();
  useEffect(() => {
    document.body.style.background = token.colorBgLayout;
  }, [token.colorBgLayout]);
  return null;
}

/**
 * antd configured for the current theme, language and motion preference; dayjs and
 * `<html lang>` follow.
 */
function ThemedAntd({ children }: { children: ReactNode }) {
  const { dark } = useThemeMode();
  const reducedMotion = usePrefersReducedMotion();
  const { i18n } = useTranslation();
  const language: Language = toLanguage(i18n.language) ?? 'en';

  useEffect(() => {
    dayjs.locale(dayjsLocales[language]);
    document.documentElement.lang = language;
  }, [language]);

  const themeConfig = useMemo(
    () => ({
      algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: { borderRadius: 8, motion: !reducedMotion },
    }),
    [dark, reducedMotion],
  );

  return (
    <ConfigProvider locale={antdLocales[language]} theme={themeConfig}>
      <AntApp>
        <NotifyBridge />
        <BodyBackground />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/** Everything the console needs around its routes: queries, theme, antd, toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ThemedAntd>{children}</ThemedAntd>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
