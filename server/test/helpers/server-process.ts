import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A local TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until a server process answers `/api/status` (up to `attempts` × 100 ms). */
export async function waitUntilServing(
  port: number,
  child: ChildProcess,
  attempts = 200,
): Promise<void> {
  for (let i = 0; i < attempts && child.exitCode === null; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/status`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}
