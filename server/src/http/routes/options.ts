import { optionList, Role, translate, updateOptionRequest } from '@gateway/shared';
import { z } from 'zod';
import { listOptions } from '../../domain/settings/list-options.js';
import { updateOption } from '../../domain/settings/update-option.js';
import { requestLanguage } from '../../lib/request-language.js';
import { defineRoute } from '../route.js';
import type { RouteModule } from '../route.js';

/** `GET/PUT /api/option/`: the settings page, root only. */
export const optionRoutes: RouteModule = (app, ctx) => {
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/option/',
      summary: 'List every setting except secrets',
      tags: ['options'],
      access: Role.root,
      response: optionList,
    },
    async () => listOptions(ctx.settings),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'PUT',
      url: '/api/option/',
      summary: 'Change one setting (secrets are stored, never echoed)',
      tags: ['options'],
      access: Role.root,
      body: updateOptionRequest,
      response: z.null(),
    },
    async ({ body, user, req, reply }) => {
      const warning = await updateOption(ctx, body.key, body.value);
      if (!warning) return null;
      const message = translate(requestLanguage(req, user.language), warning);
      void reply.send({ success: true, message, data: null });
      return null;
    },
  );
};
