import { isLanguage, languages, type Language } from '@gateway/shared';

export { languages, type Language };

/** Each language's own name, for the switcher. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  zh: '简体中文',
  ru: 'Русский',
  ko: '한국어',
  ja: '日本語',
  es: 'Español',
  de: 'Deutsch',
};

/** Maps a browser tag such as "zh-CN" or "de-AT" to a supported language. */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

/** Stored locale, else the browser's first supported language, else English (spec section 9). */
export function detectLanguage(stored: string | null, browser: readonly string[]): Language {
  const fromStore = matchLanguage(stored);
  if (fromStore) return fromStore;
  for (const tag of browser) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return 'en';
}
