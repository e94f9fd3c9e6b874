// The child processes of a bench run (gateway instances, the balancer, the mock upstream):
// started with their stderr's tail kept for error messages, stopped one by one, and all
// killed at the end of the run whatever happened.
import { spawn } from 'node:child_process';

const children = new Set();
const log = (...x) => console.error('[bench]', ...x);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `argv` (stdout ignored); an unexpected exit is logged with the end of its stderr. */
export function start(name, argv, { cwd, env = process.env } = {}) {
  const child = spawn(argv[0], argv.slice(1), { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let tail = '';
  child.stderr.on('data', (d) => (tail = (tail + d).slice(-2000)));
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!child.stopping) log(`${name} exited (${signal ?? code}): ${tail.trim()}`);
  });
  return child;
}

/** Stops a child with SIGTERM (SIGKILL after 10 s) and waits for it to exit. */
export async function stop(child) {
  child.stopping = true;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Kills every child still running (the end of a run, or a failure). */
export async function killAll() {
  await Promise.all(
    [...children].map((child) => {
      child.stopping = true;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      return exited;
    }),
  );
}

/** Waits until `url` answers 2xx; fails if `child` exits first or after 60 s. */
export async function waitFor(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${url}: the process exited`);
    }
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}
