import {
  Role,
  logItem,
  pageOf,
  tokenLogQuery,
  tokenUsage,
  usageDataQuery,
  usageDataRow,
} from '@gateway/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { findToken } from '../../db/queries/tokens.js';
import { findReadingKey } from '../../domain/tokens/presented-key.js';
import { buildLogWhere, listLogs } from '../../domain/logs/query-logs.js';
import { toTokenUsage } from '../../domain/usage/token-usage.js';
import { readUsageData } from '../../domain/usage/usage-data.js';
import { AppError } from '../../errors.js';
import { limitByIp } from '../middleware/with-rate-limit.js';
import { defineRoute } from '../route.js';
import type { RouteModule } from '../route.js';

const tags = ['usage'];
/** Key routes are called from scripts and web pages anywhere, with the contract's strict IP budget. */
const criticalLimit = { name: 'critical', limit: 20, windowSeconds: 20 * 60 };

/** CORS for a key route, then the rate limit, then the key. */
async function presentedKey(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  void reply.header('access-control-allow-origin', '*');
  await limitByIp(ctx, req, criticalLimit);
  return findReadingKey(ctx, req);
}

/** The hourly usage dashboard, and the read-only routes an API key may call about itself. */
export const usageRoutes: RouteModule = (app, ctx) => {
  const { db } = ctx;
  const rows = z.array(usageDataRow);

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/data/self',
      summary: 'Own usage per model and hour, day or week',
      tags,
      access: Role.user,
      query: usageDataQuery.omit({ username: true }),
      response: rows,
    },
    ({ user, query }) => readUsageData(db, query, user.id),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/data/',
      summary: 'Usage of all users (or one username) per model and hour, day or week',
      tags,
      access: Role.admin,
      query: usageDataQuery,
      response: rows,
    },
    ({ query }) => readUsageData(db, query),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/log/token',
      summary: 'Logs of the API key presented as Authorization: Bearer sk-…',
      tags,
      access: 'public',
      query: tokenLogQuery,
      response: pageOf(logItem),
    },
    async ({ query, req, reply }) => {
      const token = await presentedKey(ctx, req, reply);
      const where = { ...(await buildLogWhere(db, query, token.userId)), tokenId: token.id };
      return listLogs(db, where, query.page, query.pageSize, 'user');
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/usage/token/',
      summary: 'Balance of the API key presented as Authorization: Bearer sk-…',
      tags,
      access: 'public',
      response: tokenUsage,
    },
    async ({ req, reply }) => {
      const token = await presentedKey(ctx, req, reply);
      // The balance is read fresh: the key cache never holds quotas.
      const row = await findToken(db, token.userId, token.id);
      if (!row) throw new AppError('token_invalid', undefined, 401);
      return toTokenUsage(row);
    },
  );

  for (const url of ['/api/log/token', '/api/usage/token/']) {
    app.options(url, (_req, reply) => {
      void reply
        .status(204)
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', 'GET, OPTIONS')
        .header('access-control-allow-headers', 'Authorization, Content-Type')
        .header('access-control-max-age', '86400')
        .send();
    });
  }
};
