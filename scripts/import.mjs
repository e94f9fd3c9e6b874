// `npm run import -- --from <address>`: builds the server when its sources are newer than the
// build, then runs the importer (server/src/import-main.ts) on the configured database.
import { execSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { isStale } from './build-state.mjs';
import { serverEnv } from './node-runtime.mjs';

const root = new URL('..', import.meta.url).pathname;
const build = join(root, 'server/dist/import.js');
if (isStale([build], [join(root, 'packages/shared/src'), join(root, 'server/src')])) {
  execSync('npm run build -w server', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
const child = spawn(process.execPath, [build, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv(),
});
child.on('exit', (code) => process.exit(code ?? 1));
