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
  packages: 'external',
  alias: { '@gateway/shared': '../packages/shared/src/index.ts' },
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
