/**
 * `README.md` and `docs/*.md` name only what exists. A document fails this test when it names:
 *
 * - **a file or folder** that is not in the repository: an inline code span of one word that
 *   contains `/` or ends in a source extension (`.ts`, `.mjs`, `.md`, `.json` …). It is looked
 *   up from the repository root and from `server/src`, `web/src` and `packages/shared/src`,
 *   which the documents leave out (`billing/ledger/` is `server/src/billing/ledger/`); a bare
 *   file name (`registry.ts`) must be some file's name. In a name, `*` stands for any
 *   characters and a placeholder (`<vendor>`, `{id}`) for any one file or folder name. Not
 *   files: URLs (`http://…`), paths from `/` (routes such as `/api/status`, system paths),
 *   media types (`text/plain`) and what only a run creates (`data/`, `dist/`, screenshots).
 * - **an npm script** that is not declared: `npm run <script>`, `npm start` and `npm test`
 *   anywhere in the text, code blocks included, against the root `package.json` or the
 *   workspace given with `-w`.
 * - **a setting or a code name** that does not exist: a PascalCase code span (`RetryTimes`,
 *   `MemoryHolds`, `SharedState.admit`) is a setting of `settingCatalogue` or a name the
 *   source declares (class, interface, type, function, constant); a camelCase one
 *   (`settleDelivered`) occurs in the source's code.
 * - **a link** to a file of the repository that is not there, or to a heading (`#anchor`, as
 *   GitHub spells it) that the linked document does not have.
 * - **an environment variable** that nothing reads: an UPPER_SNAKE code span (`SQL_DSN`), or a
 *   `NAME=value` in a code span or a shell block, is a key of `server/src/config/env.ts`, a
 *   variable the repository's code reads as `process.env.NAME` (the test and bench tooling,
 *   `STRIPE_API_BASE`), a constant the source declares, or one of `outside` below.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingCatalogue } from '@gateway/shared';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bases = ['', 'server/src/', 'web/src/', 'packages/shared/src/'];
const sourceRoots = ['server/src', 'web/src', 'packages/shared/src'];

/** Upper-case names defined outside the repository, and words of other systems. */
const outside = new Set([
  // Read by CI systems, Node and glibc (`scripts/node-runtime.mjs` sets MALLOC_ARENA_MAX).
  'CI',
  'NODE_OPTIONS',
  'PATH',
  'MALLOC_ARENA_MAX',
  // SQL and Redis commands, signals.
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'BEGIN',
  'COMMIT',
  'NULL',
  'INCR',
  'SIGTERM',
  'SIGINT',
]);

const skippedDirs = new Set(['node_modules', '.git', 'dist', 'data', 'coverage', 'screenshots']);

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (skippedDirs.has(entry.name) || entry.name.startsWith('dist-')) continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

const repoFiles = walk('');
const fileNames = new Set(repoFiles.map((path) => basename(path)));
// This file's own made-up names would otherwise count as existing.
const codeFiles = repoFiles.filter(
  (path) => /\.(ts|tsx|mjs|js|cjs)$/.test(path) && path !== 'server/src/docs.test.ts',
);
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/[^\n]*/g, '$1');

const sourceCode = codeFiles
  .filter((path) => sourceRoots.some((dir) => path.startsWith(`${dir}/`)))
  .map((path) => withoutComments(read(path)))
  .join('\n');
const declared = new Set(
  [...sourceCode.matchAll(/\b(?:class|interface|type|enum|function\*?|const|let)\s+([\w$]+)/g)].map(
    (m) => m[1]!,
  ),
);
const codeWords = new Set(sourceCode.match(/[A-Za-z_$][\w$]*/g));
const settings = new Set(Object.keys(settingCatalogue));
const envNames = new Set([
  ...[...read('server/src/config/env.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!),
  ...codeFiles.flatMap((path) =>
    [...read(path).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!),
  ),
]);

/** Whether `segments` lead to something under `dir`, placeholders and `*` matching any name. */
function matches(dir: string, segments: string[], wantsDir: boolean): boolean {
  const [first, ...rest] = segments;
  if (first === undefined) return !wantsDir || statSync(dir).isDirectory();
  let entries: string[];
  try {
    entries = statSync(dir).isDirectory() ? readdirSync(dir) : [];
  } catch {
    return false;
  }
  const pattern = first
    .replace(/[.+?^$()[\]\\|]/g, '\\$&')
    .replace(/<[^>]+>|\{[^}]+\}/g, '[^/]+')
    .replace(/\*/g, '[^/]*');
  const regex = new RegExp(`^${pattern}$`);
  return entries.some((entry) => regex.test(entry) && matches(join(dir, entry), rest, wantsDir));
}

const generated = /^(data\/|web\/e2e\/screenshots\/)|(^|\/)dist(-[^/]*)?(\/|$)/;
const mediaType = /^(application|text|multipart|image|audio|video)\/[\w.+-]+$/;
const sourceExtension = /\.(ts|tsx|mjs|cjs|js|md|json|ya?ml|sh)$/;

function missingPath(token: string): boolean {
  const path = token.replace(/^\.\//, '');
  if (/\s/.test(path) || path.includes('://') || path.startsWith('/') || mediaType.test(path))
    return false;
  if (!path.includes('/') && !sourceExtension.test(path)) return false;
  if (generated.test(path)) return false;
  if (!path.includes('/')) {
    const regex = new RegExp(`^${path.replace(/[.+?^$()[\]\\|]/g, '\\$&').replace(/\*/g, '.*')}$`);
    return ![...fileNames].some((name) => regex.test(name));
  }
  const segments = path.split('/').filter(Boolean);
  return !bases.some((base) => matches(join(root, base), segments, path.endsWith('/')));
}

type Manifest = { name?: string; workspaces?: string[]; scripts?: Record<string, string> };
const manifestOf = (dir: string) => JSON.parse(read(join(dir, 'package.json'))) as Manifest;
/** Each package's scripts, by the names `-w` accepts (its folder or its package name). */
const scriptsOf = new Map<string, Record<string, string>>([['', manifestOf('').scripts ?? {}]]);
for (const dir of manifestOf('').workspaces ?? []) {
  const manifest = manifestOf(dir);
  for (const name of [dir, manifest.name ?? dir]) scriptsOf.set(name, manifest.scripts ?? {});
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as `-`. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

/** What a link of `document` points at that is not there, or null. */
function brokenLink(document: string, target: string): string | null {
  if (/^[a-z]+:/.test(target)) return null;
  const [file, anchor] = target.split('#') as [string, string | undefined];
  const path = file ? join(dirname(document), file) : document;
  let text: string;
  try {
    text = statSync(join(root, path)).isDirectory() ? '' : read(path);
  } catch {
    return 'is no file of the repository';
  }
  if (anchor === undefined) return null;
  const headings = [...text.matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1]!));
  return headings.includes(anchor) ? null : `has no heading #${anchor}`;
}

/** What a document names that does not exist, one message per name. */
function missingNames(document: string, text: string): string[] {
  const problems: string[] = [];
  const report = (name: string, why: string) => problems.push(`${document}: \`${name}\` ${why}`);
  const prose = text.replace(/^```[\s\S]*?^```/gm, '');
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  const assignments = [
    ...spans.flatMap((span) => [...span.matchAll(/(?:^|\s)([A-Z][A-Z0-9_]*)=/g)]),
    ...[...text.matchAll(/^```(?:bash|sh)\n([\s\S]*?)^```/gm)].flatMap((block) => [
      ...block[1]!.matchAll(/(?:^|\s)([A-Z][A-Z0-9_]*)=/gm),
    ]),
  ].map((m) => m[1]!);

  for (const span of new Set(spans)) {
    if (missingPath(span)) report(span, 'is no file or folder of the repository');
    const pascal = /^([A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+)(?:\.\w+)?$/.exec(span)?.[1];
    if (pascal && !settings.has(pascal) && !declared.has(pascal))
      report(span, 'is neither a setting (settingCatalogue) nor a name the source declares');
    const camel = /^([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)(?:\(\))?$/.exec(span)?.[1];
    if (camel && !codeWords.has(camel)) report(span, 'does not occur in the source code');
    if (/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(span) && span.length > 1) assignments.push(span);
  }
  for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const why = brokenLink(document, m[1]!);
    if (why) report(m[1]!, `(a link) ${why}`);
  }
  for (const name of new Set(assignments)) {
    if (!envNames.has(name) && !declared.has(name) && !outside.has(name))
      report(name, 'is no environment variable of config/env.ts or of the tooling');
  }
  for (const m of text.matchAll(
    /\bnpm (?:run ([\w:.-]+)|(start|test)\b)(?: (?:-w|--workspace)[ =]([\w@/.-]+))?/g,
  )) {
    const script = m[1] ?? m[2]!;
    if (!scriptsOf.get(m[3] ?? '')?.[script])
      report(`npm run ${script}`, `is no script of the ${m[3] ?? 'root'} package.json`);
  }
  return problems;
}

const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs')).map((name) => `docs/${name}`),
].filter((path) => path.endsWith('.md'));

describe('documents', () => {
  it('name only files, scripts, settings, code and environment variables that exist', () => {
    expect(documents.length).toBeGreaterThan(1);
    expect(documents.flatMap((path) => missingNames(path, read(path)))).toEqual([]);
  });

  it('are checked: made-up names of each kind are reported', () => {
    const made = [
      '`server/src/billing/nowhere.ts`, `domain/topup`, `nowhere.mjs`, `relay/tasks/<p>/nope.ts`',
      '`OrderWindowHours`, `NoSuchCache`, `settleNowhere`, `GATEWAY_NOWHERE`',
      '[a](docs/nowhere.md), [b](docs/money.md#no-such-heading), [c](#nor-here)',
      '```bash\nNOWHERE_PORT=1 npm run nowhere\nnpm run e2e -w server\n```',
    ].join('\n');
    const reported = missingNames('README.md', made).map((problem) => problem.split('`')[1]);
    expect(reported.sort()).toEqual(
      [
        'server/src/billing/nowhere.ts',
        'domain/topup',
        'nowhere.mjs',
        'relay/tasks/<p>/nope.ts',
        'OrderWindowHours',
        'NoSuchCache',
        'settleNowhere',
        'GATEWAY_NOWHERE',
        'NOWHERE_PORT',
        'npm run nowhere',
        'npm run e2e',
        'docs/nowhere.md',
        'docs/money.md#no-such-heading',
        '#nor-here',
      ].sort(),
    );
    const real = [
      '`billing/ledger/`, `RetryTimes`, `SQL_DSN`, `relay/tasks/<p>/adaptor.ts`, `npm test`',
      '[a](docs/money.md#budgets), [b](server/src), [c](https://example.com/x), [d](#quick-start)',
    ].join('\n');
    expect(missingNames('README.md', real)).toEqual([]);
  });
});
