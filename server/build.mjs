// Bundles the server into dist/main.js and the importer into dist/import.js. @gateway/shared and
// the pure-JavaScript packages of the request path are inlined; the other npm packages (native
// ones, database drivers, optional features) stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * Inlined rather than loaded from node_modules: V8 keeps every module's source for lazy
 * compilation, and the bundle's is tree-shaken and without whitespace or comments. Peak RSS
 * under load came out ~7 MB lower (five runs side by side), throughput unchanged.
 */
const inlined = new Set([
  'zod',
  'kysely',
  'fastify',
  'undici',
  '@fastify/cookie',
  '@fastify/static',
]);
const { dependencies } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies).filter(
  (name) => name !== '@gateway/shared' && !inlined.has(name),
);

await build({
  entryPoints: { main: 'src/main.ts', import: 'src/import-main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Without comments (and their few non-ASCII characters) V8 keeps the bundle's source, which
  // it needs for lazy compilation, as a one-byte string of ~0.7 MB instead of a two-byte one of
  // 2.3 MB. Names stay, so stack traces and profiles read as the source does.
  minifyWhitespace: true,
  external,
  alias: { '@gateway/shared': '../packages/shared/src/index.ts' },
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
