import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Builds the console once so the server can serve `web/dist` (skip with E2E_SKIP_BUILD=1). */
export default function setup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const web = fileURLToPath(new URL('../..', import.meta.url));
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('vite build failed');
}
