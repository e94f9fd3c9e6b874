import { setupRequest, setupState } from '@gateway/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { createRootAccount, requireSetupDone } from '../../domain/users/setup.js';
import { isSetupDone } from '../../domain/users/setup-state.js';
import { defineRoute } from '../route.js';

/** `/api/setup` (first run) and the gate that keeps account routes closed until it is done. */
export function setupRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Account routes (registered after this one) wait for the setup; other routes, the relay
  // above all, carry no hook for it.
  const gate = (_req: unknown, _reply: unknown, done: (error?: Error) => void) => {
    requireSetupDone(ctx).then(() => done(), done);
  };
  app.addHook('onRoute', (route) => {
    if (!/^\/api\/user(\/|$)/.test(route.url)) return;
    const own = route.onRequest;
    route.onRequest = own === undefined ? [gate] : [gate, ...(Array.isArray(own) ? own : [own])];
  });

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/setup',
      summary: 'First-run state: whether root exists, and the database engine',
      tags: ['setup'],
      access: 'public',
      response: setupState,
    },
    async () => {
      const done = await isSetupDone(ctx.db);
      return { status: done, root_init: done, database_type: ctx.dialect };
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/setup',
      summary: 'Creates the root account, once',
      tags: ['setup'],
      access: 'public',
      body: setupRequest,
    },
    async ({ body }) => {
      await createRootAccount(ctx, body);
      return null;
    },
  );
}
