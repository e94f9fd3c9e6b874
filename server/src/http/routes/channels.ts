import {
  capacityMap,
  capacityQuery,
  channelIdsRequest,
  channelItem,
  channelListQuery,
  channelPage,
  channelTagRequest,
  createChannelRequest,
  idParam,
  tagRequest,
  updateChannelRequest,
} from '@gateway/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { findChannel } from '../../db/queries/channels.js';
import { toChannelItem } from '../../domain/channels/channel-rows.js';
import { channelUse, useById } from '../../domain/limits/capacity.js';
import { createChannels } from '../../domain/channels/create-channels.js';
import { listChannelPage } from '../../domain/channels/list-channels.js';
import {
  copyChannel,
  removeChannels,
  removeDisabledChannels,
  setTagEnabled,
  tagChannels,
} from '../../domain/channels/manage-channels.js';
import { updateChannel } from '../../domain/channels/update-channel.js';
import { channelReadRole, channelWriteRole } from '../../policies/channels.js';
import { AppError } from '../../errors.js';
import { defineRoute } from '../route.js';

const tags = ['channels'];
const count = z.number().int();

/** Channels: admins list and read them (never the keys); root creates, edits and deletes. */
export function channelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = <B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType>(
    spec: Parameters<typeof defineRoute<B, Q, P, number>>[2],
    handler: Parameters<typeof defineRoute<B, Q, P, number>>[3],
  ) => defineRoute(app, ctx, { tags, ...spec }, handler);
  const read = channelReadRole;
  const write = channelWriteRole;
  const stored = async (id: number) => {
    const row = await findChannel(ctx.db, id);
    if (!row) throw new AppError('channel_not_found');
    return row;
  };

  for (const url of ['/api/channel/', '/api/channel/search']) {
    route(
      {
        method: 'GET',
        url,
        summary: 'Lists channels (no keys) with filters',
        access: read,
        query: channelListQuery,
        response: channelPage,
      },
      ({ query }) => listChannelPage(ctx, query),
    );
  }
  route(
    {
      method: 'GET',
      url: '/api/channel/capacity',
      summary: 'What channels use of their caps now: requests in flight and this minute',
      access: read,
      query: capacityQuery,
      response: capacityMap,
    },
    ({ query }) => useById(query.ids, (id) => channelUse(ctx, id)),
  );
  route(
    {
      method: 'GET',
      url: '/api/channel/:id',
      summary: 'Gets a channel (no key)',
      access: read,
      params: idParam,
      response: channelItem,
    },
    async ({ params }) => toChannelItem(await stored(params.id)),
  );
  route(
    {
      method: 'POST',
      url: '/api/channel/:id/key',
      summary: 'Reveals a channel key',
      access: write,
      params: idParam,
      response: z.object({ key: z.string() }),
    },
    async ({ params, reply }) => {
      const row = await stored(params.id);
      void reply.header('Cache-Control', 'no-store');
      return { key: row.key };
    },
  );
  route(
    {
      method: 'POST',
      url: '/api/channel/',
      summary: 'Adds channels: single, or batch (one per key line); answers their ids',
      access: write,
      body: createChannelRequest,
      response: z.array(count),
    },
    ({ body }) => createChannels(ctx, body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/channel/',
      summary: 'Edits a channel; an empty key keeps the stored one',
      access: write,
      body: updateChannelRequest,
      response: channelItem,
    },
    ({ body }) => updateChannel(ctx, body),
  );
  route(
    {
      method: 'DELETE',
      url: '/api/channel/disabled',
      summary: 'Deletes every disabled channel; answers how many',
      access: write,
      response: count,
    },
    () => removeDisabledChannels(ctx),
  );
  route(
    {
      method: 'DELETE',
      url: '/api/channel/:id',
      summary: 'Deletes a channel',
      access: write,
      params: idParam,
    },
    async ({ params }) => {
      if ((await removeChannels(ctx, [params.id])) === 0) throw new AppError('channel_not_found');
      return null;
    },
  );
  route(
    {
      method: 'POST',
      url: '/api/channel/batch',
      summary: 'Deletes the selected channels; answers how many',
      access: write,
      body: channelIdsRequest,
      response: count,
    },
    ({ body }) => removeChannels(ctx, body.ids),
  );
  route(
    {
      method: 'POST',
      url: '/api/channel/batch/tag',
      summary: 'Sets a tag on the selected channels; answers how many',
      access: write,
      body: channelTagRequest,
      response: count,
    },
    ({ body }) => tagChannels(ctx, body.ids, body.tag),
  );
  for (const [action, enabled] of [
    ['enabled', true],
    ['disabled', false],
  ] as const) {
    route(
      {
        method: 'POST',
        url: `/api/channel/tag/${action}`,
        summary: `Sets every channel with a tag ${action}; answers how many changed`,
        access: write,
        body: tagRequest,
        response: count,
      },
      ({ body }) => setTagEnabled(ctx, body.tag, enabled),
    );
  }
  route(
    {
      method: 'POST',
      url: '/api/channel/copy/:id',
      summary: 'Duplicates a channel with fresh usage and test figures; answers the new id',
      access: write,
      params: idParam,
      query: z.object({ suffix: z.string().max(32).default('_copy') }),
      response: z.object({ id: count }),
    },
    async ({ params, query }) => ({ id: await copyChannel(ctx, params.id, query.suffix) }),
  );
}
