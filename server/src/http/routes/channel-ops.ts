import { channelTestQuery, channelTestResult, fetchModelsRequest, idParam } from '@gateway/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import {
  updateAllChannelBalances,
  updateChannelBalance,
} from '../../domain/channels/channel-balance.js';
import { fetchChannelModels, fetchUpstreamModels } from '../../domain/channels/fetch-models.js';
import { startChannelTestRun } from '../../domain/channels/test-all-channels.js';
import { testChannel } from '../../domain/channels/test-channel.js';
import { channelReadRole, channelWriteRole } from '../../policies/channels.js';
import { requestLanguage } from '../../lib/request-language.js';
import { defineRoute } from '../route.js';

const tags = ['channels'];
const modelList = z.array(z.string());

/** Channel operations that talk to upstreams: tests, balances and model lists. */
export function channelOpsRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/channel/test/:id',
      summary: 'Tests a channel; answers `{success, message, time}` at the top level (seconds)',
      tags,
      access: channelReadRole,
      params: idParam,
      query: channelTestQuery,
      response: channelTestResult,
    },
    async ({ params, query, req, reply, user }) => {
      const outcome = await testChannel(ctx, params.id, query.model, user);
      const message = outcome.error?.localized(requestLanguage(req, user.language)) ?? '';
      return reply.send({ success: outcome.success, message, time: outcome.time });
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/channel/test',
      summary: 'Starts testing every channel not disabled by hand, in the background',
      tags,
      access: channelReadRole,
    },
    async () => {
      await startChannelTestRun(ctx);
      return null;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/channel/update_balance/:id',
      summary: "Fetches a channel's upstream balance (USD); also at the top level as `balance`",
      tags,
      access: channelReadRole,
      params: idParam,
      response: z.object({ balance: z.number() }),
    },
    async ({ params, reply }) => {
      const balance = await updateChannelBalance(ctx, params.id);
      return reply.send({ success: true, message: '', balance, data: { balance } });
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/channel/update_balance',
      summary: 'Fetches the balance of every enabled channel that has one; answers how many',
      tags,
      access: channelReadRole,
      response: z.number().int(),
    },
    () => updateAllChannelBalances(ctx),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/channel/fetch_models/:id',
      summary: 'Lists the models the upstream of a saved channel offers',
      tags,
      access: channelReadRole,
      params: idParam,
      response: modelList,
    },
    ({ params }) => fetchChannelModels(ctx, params.id),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/channel/fetch_models',
      summary: 'Lists the models an unsaved upstream address and key offer',
      tags,
      access: channelWriteRole,
      body: fetchModelsRequest,
      response: modelList,
    },
    ({ body }) =>
      fetchUpstreamModels(ctx, body.type, {
        baseUrl: body.base_url,
        key: body.key,
        other: body.other,
        setting: {},
      }),
  );
}
