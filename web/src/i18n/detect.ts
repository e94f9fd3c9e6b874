import type { Language } from '@gateway/shared';
import { languageOptions } from './languages';

const supported = new Set<string>(languageOptions.map((l) => l.code));

/** A tag such as "zh-CN" or "de" as a supported language, or null. */
export function toLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return supported.has(base) ? (base as Language) : null;
}

/** The starting language: the stored one, else the first supported browser language, else en. */
export function detectLanguage(stored: string | null, browser: readonly string[]): Language {
  const fromStore = toLanguage(stored);
  if (fromStore) return fromStore;
  for (const tag of browser) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return 'en';
}
