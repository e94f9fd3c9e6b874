// `npm start`: builds the console and the server on first start (or when sources are newer
// than the build), then runs the server on the embedded SQLite database unless configured.
import { execSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { isStale } from './build-state.mjs';
import { serverEnv, serverNodeFlags } from './node-runtime.mjs';

const root = new URL('..', import.meta.url).pathname;
const serverBuild = join(root, 'server/dist/main.js');
const webBuild = join(root, 'web/dist/index.html');
const sources = ['packages/shared/src', 'server/src', 'web/src'].map((dir) => join(root, dir));
if (isStale([serverBuild, webBuild], sources)) {
  console.log('Building the console and the server (first start or sources changed)...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
const child = spawn(process.execPath, [...serverNodeFlags, serverBuild], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv(),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
