import { pricingResponse, Role } from '@gateway/shared';
import { z } from 'zod';
import { listPricing } from '../../domain/pricing/list-pricing.js';
import { resetModelPrices } from '../../domain/pricing/reset-prices.js';
import { authenticate, type AuthUser } from '../middleware/with-session.js';
import { defineRoute } from '../route.js';
import type { RouteModule } from '../route.js';

/** `GET /api/pricing` (public; signed-in users see their own groups) and the price reset. */
export const pricingRoutes: RouteModule = (app, ctx) => {
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/pricing',
      summary: 'Models with their ratios or prices, and the groups the caller may use',
      tags: ['pricing'],
      access: 'public',
      response: pricingResponse,
    },
    async ({ req, reply }) => {
      // Public page: a signed-in caller (cookie or token plus the user header) sees their groups.
      let viewer: AuthUser | null = null;
      if (req.headers['new-api-user'] || req.headers['rix-api-user']) {
        viewer = await authenticate(ctx, req, Role.user).catch(() => null);
      }
      const pricing = await listPricing(ctx, viewer);
      void reply.send({ success: true, message: '', ...pricing });
      return null;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/option/rest_model_ratio',
      summary: 'Reset every model price setting to the built-in defaults',
      tags: ['options'],
      access: Role.root,
      response: z.null(),
    },
    async () => {
      await resetModelPrices(ctx);
      return null;
    },
  );
};
