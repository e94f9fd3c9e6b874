import {
  channelFixResult,
  editTagRequest,
  knownModel,
  servedChannelType,
  tagModelsQuery,
} from '@gateway/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { editTagChannels, tagModels } from '../../domain/channels/edit-tag.js';
import { listKnownModels } from '../../domain/channels/known-models.js';
import { listEnabledModels, rebuildRoutingIndex } from '../../domain/channels/routing-index.js';
import { listServedChannelTypes } from '../../domain/channels/served-types.js';
import { channelReadRole, channelWriteRole } from '../../policies/channels.js';
import { defineRoute } from '../route.js';

const tags = ['channels'];

/**
 * Channel administration by tag, the type and model lists of the channel editor, the index
 * rebuild.
 */
export function channelAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(
    app,
    ctx,
    {
      method: 'PUT',
      url: '/api/channel/tag',
      summary: 'Sets common fields on every channel with a tag; answers how many have it',
      tags,
      access: channelWriteRole,
      body: editTagRequest,
      response: z.number().int(),
    },
    ({ body }) => editTagChannels(ctx, body),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/channel/tag/models',
      summary: "The models of a tag's channels as one comma list",
      tags,
      access: channelReadRole,
      query: tagModelsQuery,
      response: z.string(),
    },
    ({ query }) => tagModels(ctx, query.tag),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/channel/types',
      summary: 'Channel types the relay serves, with their names and default base URLs',
      tags,
      access: channelReadRole,
      response: z.array(servedChannelType),
    },
    async () => listServedChannelTypes(ctx),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/channel/models',
      summary: 'Every model the gateway knows, with its vendor and the channel types serving it',
      tags,
      access: channelReadRole,
      response: z.array(knownModel),
    },
    async () => listKnownModels(ctx.settings, ctx.upstream.modelFamilies()),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/channel/models_enabled',
      summary: 'Models served by at least one enabled channel',
      tags,
      access: channelReadRole,
      response: z.array(z.string()),
    },
    async () => listEnabledModels(ctx),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/channel/fix',
      summary: 'Rebuilds the routing index on every instance and reports what it holds',
      tags,
      access: channelWriteRole,
      response: channelFixResult,
    },
    () => rebuildRoutingIndex(ctx),
  );
}
