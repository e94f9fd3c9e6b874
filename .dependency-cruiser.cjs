// Import directions, checked by `npm run lint` (dependency-cruiser).
//
// server/src:  http, relay, jobs, import  →  domain, policies  →  billing  →  config, db  →  lib
//              errors.ts and base-context.ts sit low (anyone may import them); context.ts holds
//              the services and is imported by the layers above billing; app.ts, main.ts and
//              create-context.ts compose everything and nothing imports them.
// web/src:     app → features → components, lib; a feature uses another only through its index.
// packages/shared imports neither workspace.
// Any import cycle fails, type-only imports included.

const src = '^server/src/';
const layer = (name) => `${src}${name}/`;

/** A rule that keeps `from` off `to`, with a message that says where the code belongs. */
const never = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

module.exports = {
  forbidden: [
    never(
      'no-cycles',
      'Import cycles (type-only ones included) tangle the layers: move the shared piece down a layer.',
      {},
      { circular: true },
    ),

    // --- server ---------------------------------------------------------------------------
    never(
      'lib-is-the-floor',
      'lib/ holds helpers with no knowledge of the product: move the code to the layer it needs.',
      { path: layer('lib') },
      { path: src, pathNot: layer('lib') },
    ),
    never(
      'db-below-billing',
      'db/ (client, schema, queries) imports only lib/: pass values in rather than importing rules.',
      { path: layer('db') },
      { path: src, pathNot: [layer('db'), layer('lib')] },
    ),
    never(
      'config-below-billing',
      'config/ (env, settings) imports only db/ and lib/: defaults are data kept in config/settings.',
      { path: layer('config') },
      { path: src, pathNot: [layer('config'), layer('db'), layer('lib')] },
    ),
    never(
      'errors-and-base-are-low',
      'errors.ts and base-context.ts sit under every layer: they may import config, db and lib only.',
      { path: `${src}(errors|base-context)\\.ts$` },
      { path: src, pathNot: [layer('config'), layer('db'), layer('lib'), `${src}errors\\.ts$`] },
    ),
    never(
      'billing-below-domain',
      'billing/ moves money only: take what it needs from the domain as callbacks wired in create-context.ts.',
      { path: layer('billing') },
      {
        path: src,
        pathNot: [
          layer('billing'),
          layer('config'),
          layer('db'),
          layer('lib'),
          `${src}(errors|base-context)\\.ts$`,
        ],
      },
    ),
    never(
      'domain-below-the-edges',
      'domain/ and policies/ never import http/, relay/ or jobs/: the relay offers domain code what it needs through an interface on the context.',
      { path: `${src}(domain|policies)/` },
      { path: [layer('http'), layer('relay'), layer('jobs')] },
    ),
    never(
      'context-sees-no-edges',
      'context.ts types the services; it never imports http/, relay/ or jobs/ (create-context.ts wires them).',
      { path: `${src}context\\.ts$` },
      { path: [layer('http'), layer('relay'), layer('jobs')] },
    ),
    never(
      'services-without-the-context',
      'A service held by AppContext takes BaseContext or explicit dependencies, never the context that holds it.',
      { path: `${src}(config|db|lib)/` },
      { path: `${src}context\\.ts$` },
    ),
    never(
      'http-and-relay-are-siblings',
      'The management API does not import the relay: share the piece through domain/.',
      { path: layer('http') },
      { path: [layer('relay'), layer('jobs')] },
    ),
    never(
      'relay-uses-only-http-middleware',
      'The relay may reuse the console session check (http/middleware) and nothing else of http/.',
      { path: layer('relay') },
      { path: layer('http'), pathNot: `${src}http/middleware/` },
    ),
    never(
      'import-is-an-edge',
      "import/ brings another gateway's database in through domain, billing and db; it never reaches into http/, relay/ or jobs/ (import-main.ts wires what it needs).",
      { path: layer('import') },
      { path: [layer('http'), layer('relay'), layer('jobs')] },
    ),
    never(
      'nothing-needs-the-importer',
      'import/ is used by import-main.ts only.',
      { path: src, pathNot: [layer('import'), `${src}import-main\\.ts$`] },
      { path: layer('import') },
    ),
    never(
      'jobs-are-an-edge',
      'jobs/ run domain rules on a timer; they do not reach into http/ or relay/.',
      { path: layer('jobs') },
      { path: [layer('http'), layer('relay')] },
    ),
    never(
      'roots-are-not-imported',
      'app.ts, main.ts, import-main.ts and create-context.ts compose the process; nothing in src imports them (main.ts excepted).',
      { path: src, pathNot: `${src}main\\.ts$` },
      { path: `${src}(app|main|import-main|create-context)\\.ts$` },
    ),
    never(
      'server-not-console',
      'The server never imports the console; share code through packages/shared.',
      { path: '^server/' },
      { path: '^web/' },
    ),

    // --- packages/shared ------------------------------------------------------------------
    never(
      'shared-stands-alone',
      'packages/shared imports neither the server nor the console.',
      { path: '^packages/shared/' },
      { path: '^(server|web)/' },
    ),

    // --- web --------------------------------------------------------------------------------
    never(
      'web-not-server',
      'The console talks to the server over HTTP; share types through @gateway/shared.',
      { path: '^web/' },
      { path: '^server/' },
    ),
    never(
      'features-through-their-index',
      "A feature uses another feature only through that feature's index.ts; move shared pieces to components/ or lib/.",
      { path: '^web/src/features/([^/]+)/' },
      {
        path: '^web/src/features/([^/]+)/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.tsx?$'],
      },
    ),
    never(
      'shared-web-layers-below-features',
      'web/src/components and web/src/lib are below the features and the app shell.',
      { path: '^web/src/(components|lib)/' },
      { path: '^web/src/(features|app)/' },
    ),
  ],
  options: {
    tsConfig: { fileName: require('node:path').join(__dirname, 'tsconfig.base.json') },
    // Type-only imports count: a cycle of types is still a cycle.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.test\\.tsx?$', '/test-support\\.ts$'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
