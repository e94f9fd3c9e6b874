import { Role, closeSelfRequest, selfUser, updateSelfRequest } from '@gateway/shared';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { findUserView } from '../../db/queries/users.js';
import { rotateAccessToken } from '../../domain/users/access-token.js';
import { closeOwnAccount, updateSelf } from '../../domain/users/update-self.js';
import { toSelfUser } from '../../domain/users/user-views.js';
import { AppError } from '../../errors.js';
import { sessionCookie } from '../middleware/with-session.js';
import { defineRoute } from '../route.js';

/** The signed-in user's own account: read, edit, close out, personal access token. */
export function selfRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/self',
      summary: 'The signed-in user',
      tags: ['account'],
      access: Role.user,
      response: selfUser,
    },
    async ({ user }) => {
      const row = await findUserView(ctx.db, user.id);
      if (!row) throw new AppError('user_not_found');
      return toSelfUser(row);
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'PUT',
      url: '/api/user/self',
      summary: 'Changes display name, language or password (original password required)',
      tags: ['account'],
      access: Role.user,
      body: updateSelfRequest,
    },
    async ({ user, body }) => {
      await updateSelf(ctx, user, body);
      return null;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'DELETE',
      url: '/api/user/self',
      summary: 'Closes out the account for good; the account name must be typed',
      tags: ['account'],
      access: Role.user,
      body: closeSelfRequest,
    },
    async ({ user, body, reply }) => {
      await closeOwnAccount(ctx, user, body.confirm_username);
      reply.clearCookie(sessionCookie, { path: '/' });
      return null;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/token',
      summary: 'Generates a new personal access token (replacing the old one)',
      tags: ['account'],
      access: Role.user,
      response: z.string(),
    },
    ({ user }) => rotateAccessToken(ctx, user.id),
  );
}
