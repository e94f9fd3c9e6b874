import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString } from '../lib/storage';
import { detectLanguage } from './detect';
import { localeKey } from './languages';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', {
  eager: true,
});

/** Every catalogue, bundled: `{ [language]: { [namespace]: strings } }`. */
const resources: Resource = {};
for (const [path, module] of Object.entries(files)) {
  const [, language, namespace] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!language || !namespace) continue;
  resources[language] ??= {};
  resources[language][namespace] = module.default;
}

const browser =
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(readString(localeKey), browser),
  fallbackLng: 'zh',
  ns: [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
