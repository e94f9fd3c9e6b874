import { namespaces } from './namespaces';

/** Every catalogue of this language, one chunk loaded when the language is used. */
export default namespaces(
  import.meta.glob<Record<string, unknown>>('../locales/zh/*.json', {
    eager: true,
    import: 'default',
  }),
);
