import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../../src/context.js';
import { insertUser } from '../../src/db/queries/users.js';
import { hashPassword } from '../../src/domain/users/password-hash.js';
import { randomAlphanumeric } from '../../src/lib/random.js';

/** The password every seeded account gets. */
export const seedPassword = 'password123';

let seedHash: Promise<string> | undefined;

/** Headers that sign a console request in. */
export type AuthHeaders = Record<string, string>;

/** The envelope as a test reads it. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code?: string;
  data?: T;
}

/** Sends a JSON request and returns status and envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { headers?: AuthHeaders; body?: unknown } = {},
): Promise<{ status: number; body: Envelope<T>; res: LightMyRequestResponse }> {
  const res = await app.inject({
    method,
    url,
    headers: options.headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>(), res };
}

/** Inserts an account directly (one shared argon2id hash keeps the suites fast). */
export async function seedUser(
  ctx: AppContext,
  role: number,
  fields: { username?: string; quota?: number; status?: number } = {},
): Promise<{ id: number; username: string }> {
  seedHash ??= hashPassword(seedPassword);
  const username = fields.username ?? `u${randomAlphanumeric(8)}`;
  const id = await insertUser(ctx.db, {
    username,
    password_hash: await seedHash,
    display_name: username,
    role,
    quota: fields.quota ?? 0,
    status: fields.status ?? 1,
  });
  return { id, username };
}

/** Signs in through the API and returns the cookie + user-id headers. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password = seedPassword,
): Promise<AuthHeaders & { id: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username, password },
  });
  const body = res.json<Envelope<{ id: number }>>();
  if (!body.success || !body.data) throw new Error(`sign-in failed: ${body.message}`);
  const cookie = res.cookies.find((c) => c.name === 'session');
  if (!cookie) throw new Error('no session cookie');
  return {
    cookie: `session=${cookie.value}`,
    'new-api-user': String(body.data.id),
    id: String(body.data.id),
  };
}

/** Runs the first-run wizard so the account routes open. */
export async function completeSetup(app: FastifyInstance, username = 'root'): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/setup',
    payload: { username, password: seedPassword, confirmPassword: seedPassword },
  });
  if (!res.json<Envelope>().success) throw new Error(`setup failed: ${res.body}`);
}
