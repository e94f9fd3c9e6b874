#!/usr/bin/env node
// Compares every namespace of every console language with the English source catalogue and
// exits non-zero listing missing or extra keys, and interpolations ({{x}}) that differ.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const localesDir = join(root, 'web/src/i18n/locales');
const source = 'en';
const languages = ['en', 'zh', 'ru', 'ko', 'ja', 'es', 'de'];

/** Flattens nested catalogues to dotted keys → string values. */
function flatten(value, prefix = '', out = new Map()) {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child !== null && typeof child === 'object') flatten(child, path, out);
    else out.set(path, String(child));
  }
  return out;
}

const placeholders = (text) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

function load(file, problems) {
  try {
    return flatten(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    problems.push(`${relative(root, file)}: cannot be read (${error.message})`);
    return null;
  }
}

const problems = [];
if (!existsSync(join(localesDir, source))) {
  console.error(`check-i18n: no source catalogue at ${relative(root, join(localesDir, source))}`);
  process.exit(1);
}
const namespaces = readdirSync(join(localesDir, source)).filter((f) => f.endsWith('.json'));
for (const language of languages) {
  const dir = join(localesDir, language);
  const present = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  for (const extra of present.filter((f) => !namespaces.includes(f))) {
    problems.push(`${language}/${extra}: namespace not in ${source}`);
  }
  if (language === source) continue;
  for (const ns of namespaces) {
    const expected = load(join(localesDir, source, ns), problems);
    if (!expected) continue;
    if (!present.includes(ns)) {
      problems.push(`${language}/${ns}: missing namespace (${expected.size} keys)`);
      continue;
    }
    const actual = load(join(dir, ns), problems);
    if (!actual) continue;
    for (const [key, text] of expected) {
      if (!actual.has(key)) problems.push(`${language}/${ns}: missing ${key}`);
      else if (placeholders(actual.get(key)) !== placeholders(text)) {
        problems.push(
          `${language}/${ns}: ${key} has placeholders {${placeholders(actual.get(key))}}, expected {${placeholders(text)}}`,
        );
      } else if (!actual.get(key).trim()) problems.push(`${language}/${ns}: ${key} is empty`);
    }
    for (const key of actual.keys()) {
      if (!expected.has(key)) problems.push(`${language}/${ns}: extra ${key}`);
    }
  }
}

if (problems.length > 0) {
  console.error(`check-i18n: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `check-i18n: ${namespaces.length} namespaces complete in ${languages.length} languages`,
);
