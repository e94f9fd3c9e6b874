import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { registerFeedback } from '../../lib/toast';
import { antdLocaleOf, applyDayjsLocale } from './antd-locale';
import { ThemeProvider } from './ThemeProvider';

/** Hands antd's context-aware message and modal APIs to code outside components. */
function FeedbackBridge() {
  const api = AntdApp.useApp();
  useEffect(() => registerFeedback(api), [api]);
  return null;
}

/** Server state, theme, antd locale and toasts for the whole console. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
        },
      }),
  );
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;

  useEffect(() => {
    applyDayjsLocale(language);
    document.documentElement.lang = language;
  }, [language]);

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider locale={antdLocaleOf(language)}>
        <AntdApp>
          <FeedbackBridge />
          {children}
        </AntdApp>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
