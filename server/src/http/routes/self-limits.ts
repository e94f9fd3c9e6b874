import { Role, userLimits as userLimitsSchema } from '@gateway/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { userLimits } from '../../domain/limits/user-limits.js';
import { ensureAffCode } from '../../domain/users/aff-code.js';
import { defineRoute } from '../route.js';

const tags = ['account'];

/** The signed-in user's invitation code and effective limits. */
export function selfLimitRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/aff',
      summary: 'The own invitation code, made on first use',
      tags,
      access: Role.user,
      response: z.string(),
    },
    ({ user }) => ensureAffCode(ctx, user.id),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/self/limits',
      summary: 'The limits that apply to the signed-in user (group, ratios, rate limits, keys)',
      tags,
      access: Role.user,
      response: userLimitsSchema,
    },
    ({ user }) => userLimits(ctx, user),
  );
}
