import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverEnv, serverNodeFlags } from '../../../scripts/node-runtime.mjs';
import { waitUntilServing } from '../helpers/server-process.js';
import type { IsolatedDb } from '../helpers/test-context.js';

/** The real server entry point as a child process, for crash and shutdown tests. */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** The environment that points a server process at the isolated database. */
export function databaseEnv(isolated: IsolatedDb): Record<string, string> {
  const env: Record<string, string> = { ...isolated.env };
  delete env.REDIS_CONN_STRING;
  delete env.REDIS_URL;
  if (isolated.pgSchema && env.SQL_DSN) {
    const separator = env.SQL_DSN.includes('?') ? '&' : '?';
    env.SQL_DSN += `${separator}options=${encodeURIComponent(`-c search_path=${isolated.pgSchema}`)}`;
  }
  return env;
}

/**
 * Starts the real entry point, with the Node flags and environment operators run it with
 * (`npm start`: memory under load depends on them), and waits until it serves.
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...serverNodeFlags, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...serverEnv({}),
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SESSION_SECRET: 'kill-nine-session-secret-0123456789',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilServing(port, child, 300);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}

/**
 * One client request; answers its request id when the whole answer arrived (the JSON body
 * parsed, or the stream's final `data: [DONE]` event), null when it did not.
 */
export async function call(port: number, key: string, stream: boolean): Promise<string | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        stream,
        messages: [{ role: 'user', content: 'hello there' }],
      }),
    });
    const id = res.headers.get('x-oneapi-request-id');
    const text = await res.text();
    if (res.status !== 200 || !id) return null;
    if (stream) return /(^|\n)data: \[DONE\]/.test(text) ? id : null;
    const body = JSON.parse(text) as { choices?: unknown[] };
    return Array.isArray(body.choices) ? id : null;
  } catch {
    return null;
  }
}
