import { Role, groupNames, modelsByChannelType, usableGroupMap } from '@gateway/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { knownModelsByChannelType } from '../../domain/channels/known-models.js';
import {
  allGroupNames,
  defaultGroupInfo,
  modelsForUser,
  usableGroupInfo,
} from '../../domain/groups/group-views.js';
import { groupListRole } from '../../policies/groups.js';
import { authenticate } from '../middleware/with-session.js';
import { defineRoute } from '../route.js';

const tags = ['groups'];

/** Groups and models as the console's pickers need them. */
export function groupRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/self/groups',
      summary: 'Groups the signed-in user may route keys through: `{group: {ratio, desc}}`',
      tags,
      access: Role.user,
      response: usableGroupMap,
    },
    async ({ user }) => usableGroupInfo(ctx, user),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/groups',
      summary: "Usable groups: the signed-in caller's, else those offered to every user",
      tags,
      access: 'public',
      response: usableGroupMap,
    },
    async ({ req }) => {
      // Public: a signed-in caller (cookie or token plus the user header) sees their own groups.
      const signedIn = req.headers['new-api-user'] || req.headers['rix-api-user'];
      const viewer = signedIn ? await authenticate(ctx, req, Role.user).catch(() => null) : null;
      return viewer ? usableGroupInfo(ctx, viewer) : defaultGroupInfo(ctx);
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/models',
      summary: 'Models with an enabled channel in a group the signed-in user may use',
      tags,
      access: Role.user,
      response: z.array(z.string()),
    },
    async ({ user }) => modelsForUser(ctx, user),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/group/',
      summary: 'Every group name: those with a ratio and those channels serve',
      tags,
      access: groupListRole,
      response: groupNames,
    },
    () => allGroupNames(ctx),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/models',
      summary: 'Known model names by channel type id, for dropdowns',
      tags,
      access: Role.user,
      response: modelsByChannelType,
    },
    async () =>
      knownModelsByChannelType(
        ctx.settings,
        ctx.upstream.servedTypes().map((t) => t.type),
        ctx.upstream.modelFamilies(),
      ),
  );
}
