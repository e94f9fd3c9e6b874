import { Role, idParam, levelItem, saveLevelRequest } from '@gateway/shared';
import { z } from 'zod';
import { listLevelItems, removeLevel, saveLevel } from '../../domain/levels/levels.js';
import { defineRoute, type RouteModule } from '../route.js';

const tags = ['levels'];

/** User levels (root): discounts, limits, supported groups and upgrade rules. */
export const levelRoutes: RouteModule = (app, ctx) => {
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/level/',
      summary: 'Every level with its final discount and user count (administrators)',
      tags,
      access: Role.admin,
      response: z.array(levelItem),
    },
    () => listLevelItems(ctx),
  );
  for (const method of ['POST', 'PUT'] as const) {
    defineRoute(
      app,
      ctx,
      {
        method,
        url: '/api/level/',
        summary:
          method === 'POST'
            ? 'Adds a level (not `default`, not `Tier 1`)'
            : 'Edits a level; renaming takes its users along (`default` keeps its name)',
        tags,
        access: Role.root,
        body: saveLevelRequest,
        response: z.array(levelItem),
      },
      async ({ body }) => {
        await saveLevel(ctx, method === 'POST' ? { ...body, id: undefined } : body);
        return listLevelItems(ctx);
      },
    );
  }
  defineRoute(
    app,
    ctx,
    {
      method: 'DELETE',
      url: '/api/level/:id',
      summary: 'Deletes a level (never `default`); its users move to `default`',
      tags,
      access: Role.root,
      params: idParam,
    },
    async ({ params }) => {
      await removeLevel(ctx, params.id);
      return null;
    },
  );
};
