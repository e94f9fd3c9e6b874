import { Role } from '@gateway/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/context.js';
import { randomAlphanumeric } from '../../src/lib/random.js';

/** A user made for a test, with the headers that sign its console requests in. */
export interface TestUser {
  id: number;
  headers: Record<string, string>;
}

/** The envelope as a test reads it. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code?: string;
  data: T;
}

/** Inserts a user of `role` (and `group`) signed in by a personal access token. */
export async function newUser(ctx: AppContext, role: number, group = 'default'): Promise<TestUser> {
  const token = randomAlphanumeric(32);
  await ctx.db
    .insertInto('users')
    .values({ username: `u${randomAlphanumeric(8)}`, role, group, access_token: token })
    .execute();
  const { id } = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('access_token', '=', token)
    .executeTakeFirstOrThrow();
  return { id, headers: { authorization: token, 'new-api-user': String(id) } };
}

/** A root, an admin and a common user: the three sides of an authorization test. */
export async function roleUsers(
  ctx: AppContext,
): Promise<{ root: TestUser; admin: TestUser; user: TestUser }> {
  return {
    root: await newUser(ctx, Role.root),
    admin: await newUser(ctx, Role.admin),
    user: await newUser(ctx, Role.user),
  };
}

/** Calls the management API as `user` and returns the HTTP status and the parsed body. */
export async function api<T = unknown>(
  app: FastifyInstance,
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await app.inject({
    method,
    url,
    headers: user.headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

/** Waits until `condition` holds, polling; fails after `ms`. */
export async function until(condition: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits until messages published by `from` reach `to` (a fresh Redis subscriber connects
 * asynchronously, and messages sent before it has subscribed are lost).
 */
export async function pubSubReady(from: AppContext, to: AppContext): Promise<void> {
  let seen = false;
  to.shared.subscribe('test-probe', () => {
    seen = true;
  });
  await until(async () => {
    await from.shared.publish('test-probe', 'ping');
    await new Promise((r) => setTimeout(r, 10));
    return seen;
  });
}
