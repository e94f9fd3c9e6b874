import { setupRequest, setupState } from '@gateway/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { createRootAccount, requireSetupDone } from '../../domain/users/setup.js';
import { isSetupDone } from '../../domain/users/setup-state.js';
import { defineRoute } from '../route.js';

/** `/api/setup` (first run) and the gate that keeps account routes closed until it is done. */
export function setupRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Every request passes here (the relay too): only account routes wait for a promise.
  app.addHook('onRequest', (req, _reply, done) => {
    if (!/^\/api\/user(\/|\?|$)/.test(req.url)) return done();
    requireSetupDone(ctx).then(() => done(), done);
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
