// `npm start`: builds the console and the server on first start (or when sources are newer
// than the build), then runs the server on the embedded SQLite database unless configured.
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverEnv, serverNodeFlags } from './node-runtime.mjs';

const root = new URL('..', import.meta.url).pathname;
const newest = (dir) => {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
};
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const sources = Math.max(
  newest(join(root, 'packages/shared/src')),
  newest(join(root, 'server/src')),
  newest(join(root, 'web/src')),
);
const serverBuild = join(root, 'server/dist/main.js');
const webBuild = join(root, 'web/dist/index.html');
if (Math.min(builtAt(serverBuild), builtAt(webBuild)) < sources) {
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
