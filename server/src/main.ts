import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { EnvError, readEnv } from './config/env.js';
import { createContext } from './context.js';

/** Process entry: read the configuration, open the database, serve, stop cleanly. */
async function main(): Promise<void> {
  const env = readEnv();
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

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.log.info({ signal }, 'shutting down');
    await app.close();
    await ctx.close();
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
