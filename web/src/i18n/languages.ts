import type { Language } from '@gateway/shared';

/** The interface languages in menu order, each with its own name. */
export const languageOptions: ReadonlyArray<{ code: Language; label: string }> = [
  { code: 'en', label: 'English' },
  { code: 'zh', label: '简体中文' },
  { code: 'ru', label: 'Русский' },
  { code: 'ko', label: '한국어' },
  { code: 'ja', label: '日本語' },
  { code: 'es', label: 'Español' },
  { code: 'de', label: 'Deutsch' },
];

/** localStorage key of the chosen language. */
export const localeKey = 'locale';
