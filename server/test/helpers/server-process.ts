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
    if (await serving(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

/**
 * Resolves once the server on `port` no longer answers its status page (the connection is
 * refused, or 503 while it closes): a server that was sent SIGTERM has taken it.
 */
export async function waitUntilNotServing(port: number, attempts = 200): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (!(await serving(port))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server still serves');
}

/** Whether the server on `port` answers its status page (which bills and changes nothing). */
function serving(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/api/status`).then(
    async (res) => {
      await res.arrayBuffer();
      return res.ok;
    },
    () => false,
  );
}
