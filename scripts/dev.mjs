// `npm run dev`: the server with reload (tsx watch) and the Vite dev server with HMR.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const run = (name, args) => {
  const child = spawn('npm', args, { cwd: root, stdio: 'inherit', env: process.env });
  child.on('exit', (code) => {
    console.log(`${name} exited with ${code}`);
    process.exit(code ?? 0);
  });
  return child;
};
const children = [
  run('server', ['run', 'dev', '-w', 'server']),
  run('web', ['run', 'dev', '-w', 'web']),
];
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => children.forEach((c) => c.kill(signal)));
