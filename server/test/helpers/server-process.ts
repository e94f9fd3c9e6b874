import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * A local TCP port nothing listens on right now, for a child process to listen on. It is
 * picked below Linux's ephemeral range (32768 and up): a port the kernel hands out for `listen`
 * on port 0 comes from that range, where the suite's own outgoing connections take their local
 * ports too, and one of them took such a port between this check and the child's `listen`.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!bound) continue;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }
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
