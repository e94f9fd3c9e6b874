// `npm run import -- --from <address> [--dry-run] [--flavor one-api|new-api]`: brings a one-api
// or new-api database into the database this gateway is configured for (SQL_DSN / SQLITE_PATH).
import { parseArgs } from 'node:util';
import pino from 'pino';
import { EnvError, readEnv } from './config/env.js';
import { allSettings } from './config/settings/index.js';
import { Settings } from './config/settings/store.js';
import { closeDb, migrateToLatest, openDb } from './db/client.js';
import { ChannelIndex } from './domain/channels/channel-index.js';
import { UserCache } from './domain/users/user-cache.js';
import type { Flavor } from './import/flavors.js';
import { formatReport } from './import/report.js';
import { runImport } from './import/run-import.js';
import { openSource, SourceError } from './import/source.js';
import { createSharedState } from './lib/shared-state.js';
import { createUpstreamGateway } from './relay/upstream-gateway.js';

const usage = `Usage: npm run import -- --from <address> [--dry-run] [--flavor one-api|new-api]

  --from      the one-api or new-api database: a SQLite file, a postgres:// or mysql:// URL,
              or the Go DSN those gateways take (user:password@tcp(host:3306)/database)
  --dry-run   report what would be imported, write nothing
  --flavor    which gateway wrote it, when the detection (by its tables) should be overridden

The target is the database this gateway is configured for (SQL_DSN, else SQLITE_PATH).
Running it again imports only what is new in the source.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      flavor: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.from) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  if (values.flavor !== undefined && values.flavor !== 'one-api' && values.flavor !== 'new-api') {
    console.error(`--flavor must be one-api or new-api\n\n${usage}`);
    return 2;
  }
  const env = readEnv();
  const log = pino({ level: 'warn' });
  const source = await openSource(values.from);
  const db = openDb({ kind: env.dbKind, dsn: env.sqlDsn, sqlitePath: env.sqlitePath, poolSize: 4 });
  const shared = createSharedState(env.redisUrl, '', () => undefined);
  try {
    await migrateToLatest(db);
    const settings = new Settings(db, shared, allSettings);
    await settings.load();
    const dryRun = values['dry-run'];
    const report = await runImport(db, source, {
      dryRun,
      flavor: values.flavor as Flavor | undefined,
      servedTypes: new Set(
        createUpstreamGateway()
          .servedTypes()
          .map((t) => t.type),
      ),
      settings,
    });
    console.log(formatReport(report));
    if (!dryRun) {
      // Running instances pick up the new channels and users at once (settings already did).
      await new ChannelIndex({ db, shared, log }).refresh();
      await new UserCache(db, shared).invalidateAll();
    }
    return 0;
  } finally {
    await source.close();
    await shared.close();
    await closeDb(db);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof EnvError || error instanceof SourceError) console.error(error.message);
    else console.error('Import failed:', error);
    process.exit(1);
  },
);
