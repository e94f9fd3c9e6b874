import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../lib/storage';
import { detectLanguage, languages } from './languages';

/** Every catalogue file, `./locales/<lang>/<namespace>.json`, bundled at build time. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', {
  eager: true,
});

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, module] of Object.entries(files)) {
  const [, lang, namespace] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!lang || !namespace) continue;
  resources[lang] ??= {};
  resources[lang][namespace] = module.default;
}

/** Namespaces: one per area of the console. */
export const namespaces = ['common', 'auth', 'home', 'profile', 'users', 'settings'] as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(storage.get('locale'), globalThis.navigator?.languages ?? []),
  supportedLngs: [...languages],
  fallbackLng: 'zh',
  ns: [...namespaces],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
