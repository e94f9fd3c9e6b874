import { de } from './de.js';
import { en, type Catalogue, type MessageId } from './en.js';
import { es } from './es.js';
import { ja } from './ja.js';
import { ko } from './ko.js';
import { ru } from './ru.js';
import { zh } from './zh.js';

export { en };
export type { Catalogue, MessageId };

/** The seven interface languages. */
export const languages = ['en', 'zh', 'ru', 'ko', 'ja', 'es', 'de'] as const;
export type Language = (typeof languages)[number];

/** Narrows a string to a supported language. */
export function isLanguage(value: string): value is Language {
  return (languages as readonly string[]).includes(value);
}

/** Fills `{name}` placeholders. */
export function formatMessage(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Every catalogue, complete: a language missing an id fails the type check. */
export const catalogues: Record<Language, Catalogue> = { en, zh, ru, ko, ja, es, de };

/** The message for `id` in `language` (English when missing), placeholders filled. */
export function translate(
  language: string,
  id: MessageId,
  params?: Record<string, string | number>,
): string {
  const catalogue = isLanguage(language) ? catalogues[language] : en;
  return formatMessage(catalogue[id] ?? en[id], params);
}
