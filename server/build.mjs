// Bundles the server into dist/main.js and the importer into dist/import.js; npm packages stay external, @gateway/shared is inlined.
import { build } from 'esbuild';

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
  packages: 'external',
  alias: { '@gateway/shared': '../packages/shared/src/index.ts' },
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
