import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../../../lib/theme-mode';
import { useStatus } from '../../../site/hooks/use-status';
import { onTurnstileTokenTaken, setTurnstileToken } from '../lib/turnstile-token';

/** The part of Cloudflare's `window.turnstile` this widget uses. */
interface TurnstileApi {
  render(
    element: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
      theme: 'light' | 'dark';
      language: string;
    },
  ): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const scriptUrl = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let loading: Promise<TurnstileApi> | null = null;

/** Loads Cloudflare's script once, only when a page shows the widget. */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error('turnstile'));
    script.onerror = () => {
      loading = null;
      reject(new Error('turnstile script failed to load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Cloudflare Turnstile, shown when the status enables it (nothing is loaded otherwise). Its
 * token goes to the next guarded call through `takeTurnstileToken`, which resets the widget.
 */
export function TurnstileWidget() {
  const status = useStatus();
  const { dark } = useThemeMode();
  const { i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const siteKey = status.turnstile_check ? (status.turnstile_site_key ?? '') : '';

  useEffect(() => {
    if (!siteKey) return;
    let widgetId = '';
    let stopListening = () => undefined as unknown;
    let cancelled = false;
    loadTurnstile()
      .then((turnstile) => {
        if (cancelled || !box.current) return;
        widgetId = turnstile.render(box.current, {
          sitekey: siteKey,
          callback: setTurnstileToken,
          'expired-callback': () => setTurnstileToken(''),
          'error-callback': () => setTurnstileToken(''),
          theme: dark ? 'dark' : 'light',
          language: i18n.language,
        });
        stopListening = onTurnstileTokenTaken(() => turnstile.reset(widgetId));
      })
      .catch(() => setTurnstileToken(''));
    return () => {
      cancelled = true;
      stopListening();
      if (widgetId) window.turnstile?.remove(widgetId);
      setTurnstileToken('');
    };
  }, [siteKey, dark, i18n.language]);

  if (!siteKey) return null;
  return (
    <div
      ref={box}
      data-testid="turnstile"
      style={{ display: 'flex', justifyContent: 'center', minHeight: 65 }}
    />
  );
}
