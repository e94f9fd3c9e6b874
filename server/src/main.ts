import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvError, readEnv } from './config/env.js';

/** How long in-flight requests may take to finish after SIGTERM. */
const shutdownGraceMs = 20_000;

/** Process entry: read the configuration, open the database, serve, stop cleanly. */
async function main(): Promise<void> {
  const env = readEnv();
  // Loaded only once the configuration is known to be good, so a bad value fails at once.
  const [{ buildApp }, { createContext }, { startJobs }] = await Promise.all([
    import('./app.js'),
    import('./create-context.js'),
    import('./jobs/registry.js'),
  ]);
  if (!env.webDist) {
    const here = dirname(fileURLToPath(import.meta.url));
    env.webDist =
      [join(here, '../../web/dist'), join(here, '../web/dist')]
        .map((p) => resolve(p))
        .find((p) => existsSync(join(p, 'index.html'))) ?? '';
  }
  const ctx = await createContext(env);
  const app = await buildApp(ctx);
  await app.listen({ port: env.port, host: env.host });
  startJobs(ctx);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.log.info({ signal }, 'shutting down');
    // In-flight requests may finish; a stream still open after the grace period is cut so
    // that the shutdown tasks (flushing settlements) still run before the orchestrator kills us.
    const cut = setTimeout(() => {
      ctx.log.warn('requests still open after the grace period; closing their connections');
      app.server.closeAllConnections();
    }, shutdownGraceMs).unref();
    try {
      await app.close();
      clearTimeout(cut);
      await ctx.close();
    } catch (error) {
      ctx.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
