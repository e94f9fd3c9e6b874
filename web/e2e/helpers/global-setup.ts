import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds the console once into a private directory that the test servers serve, so that other
 * builds of `web/dist` running meanwhile cannot pull assets from under the browser, and the
 * server's bundle, which the test servers run (it starts in a third of the time the sources
 * take through tsx). E2E_SKIP_BUILD=1 serves the existing `web/dist` and runs the sources.
 */
export default function setup(): () => void {
  if (process.env.E2E_SKIP_BUILD === '1') return () => undefined;
  const web = fileURLToPath(new URL('../..', import.meta.url));
  const outDir = mkdtempSync(join(tmpdir(), 'gateway-e2e-dist-'));
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: web,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error('vite build failed');
  const server = spawnSync(process.execPath, ['build.mjs'], {
    cwd: join(web, '../server'),
    stdio: 'inherit',
  });
  if (server.status !== 0) throw new Error('server build failed');
  process.env.E2E_SERVER_BUNDLE = join(web, '../server/dist/main.js');
  process.env.E2E_WEB_DIST = outDir;
  return () => rmSync(outDir, { recursive: true, force: true });
}
