/** The catalogues of one language by namespace: `{ common: {...}, layout: {...} }`. */
export type LanguageBundle = Record<string, Record<string, unknown>>;

/** Turns `{ '../locales/en/common.json': {...} }` into `{ common: {...} }`. */
export function namespaces(files: Record<string, Record<string, unknown>>): LanguageBundle {
  const bundle: LanguageBundle = {};
  for (const [path, strings] of Object.entries(files)) {
    const name = /([^/]+)\.json$/.exec(path)?.[1];
    if (name) bundle[name] = strings;
  }
  return bundle;
}
