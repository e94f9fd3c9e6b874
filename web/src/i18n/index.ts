import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString } from '../lib/storage';
import type { LanguageBundle } from './bundles/namespaces';
import { detectLanguage } from './detect';
import { localeKey } from './languages';

/** One lazily loaded chunk per language, holding all of its namespaces. */
const bundles = import.meta.glob<{ default: LanguageBundle }>([
  './bundles/*.ts',
  '!./bundles/namespaces.ts',
]);
/** Namespace names (the English file names; every language has the same, checked in CI). */
const namespaceNames = Object.keys(import.meta.glob('./locales/en/*.json')).map(
  (path) => /([^/]+)\.json$/.exec(path)![1],
);

const loading = new Map<string, Promise<LanguageBundle>>();

/** The catalogues of a language, fetched once. */
function loadLanguage(language: string): Promise<LanguageBundle> {
  let bundle = loading.get(language);
  if (!bundle) {
    const load = bundles[`./bundles/${language}.ts`];
    bundle = load ? load().then((m) => m.default) : Promise.resolve({});
    loading.set(language, bundle);
  }
  return bundle;
}

/** Serves i18next's namespaces from the language chunks, so only the languages used load. */
const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, done) {
    loadLanguage(language).then(
      (bundle) => done(null, bundle[namespace] ?? {}),
      (error: unknown) => done(error as Error, false),
    );
  },
};

const browser =
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

const language = detectLanguage(readString(localeKey), browser);
// Known at once, before the catalogues arrive: the page says its language from the start.
if (typeof document !== 'undefined') document.documentElement.lang = language;

/** Resolves once the interface language's catalogues are loaded (render after it). */
export const i18nReady = i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    lng: language,
    fallbackLng: 'zh',
    ns: namespaceNames,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .then(() => undefined);

export default i18n;
