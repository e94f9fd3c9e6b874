import { statusData } from '@gateway/shared';
import { defineRoute } from '../route.js';
import type { RouteModule } from '../route.js';

/** `GET /api/status`: everything the console needs before sign-in, served from memory. */
export const statusRoutes: RouteModule = (app, ctx) => {
  const cache = ctx.status;
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/status',
      summary: 'Site configuration and feature flags for the console',
      tags: ['system'],
      access: 'public',
      response: statusData,
    },
    () => cache.get(),
  );
};
