import { statusData } from '@gateway/shared';
import { statusCacheOf } from '../../domain/settings/status-cache.js';
import { defineRoute } from '../route.js';
import type { RouteModule } from './index.js';

/** `GET /api/status`: everything the console needs before sign-in, served from memory. */
export const statusRoutes: RouteModule = (app, ctx) => {
  const cache = statusCacheOf(ctx);
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
