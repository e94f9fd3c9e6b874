import {
  Role,
  adminLogFilter,
  adminLogQuery,
  deleteLogsQuery,
  logItem,
  logSearchQuery,
  logStat,
  pageOf,
  selfLogFilter,
  selfLogQuery,
} from '@gateway/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { deleteLogsBefore } from '../../domain/logs/delete-logs.js';
import { buildLogWhere, listLogs, statLogs } from '../../domain/logs/query-logs.js';
import { logViewOf } from '../../policies/logs.js';
import { tooManyRequests } from '../../errors.js';
import { defineRoute } from '../route.js';
import type { RouteModule } from '../route.js';

const tags = ['logs'];
const logPage = pageOf(logItem);
/** Searches per user per minute (the contract's search rate limit). */
const searchesPerMinute = 10;

async function limitSearch(ctx: AppContext, userId: number): Promise<void> {
  if ((await ctx.shared.hit(`rate:log-search:${userId}`, 60)) > searchesPerMinute) {
    throw tooManyRequests();
  }
}

/** Usage logs: own logs for everyone, all logs for admins, bulk delete for root. */
export const logRoutes: RouteModule = (app, ctx) => {
  const { db } = ctx;
  const spec = { method: 'GET' as const, tags };

  defineRoute(
    app,
    ctx,
    {
      ...spec,
      url: '/api/log/self',
      summary: 'Own logs, newest first',
      access: Role.user,
      query: selfLogQuery,
      response: logPage,
    },
    async ({ user, query }) =>
      listLogs(
        db,
        await buildLogWhere(db, query, user.id),
        query.page,
        query.pageSize,
        logViewOf(user),
      ),
  );

  defineRoute(
    app,
    ctx,
    {
      ...spec,
      url: '/api/log/',
      summary: 'All logs, newest first',
      access: Role.admin,
      query: adminLogQuery,
      response: logPage,
    },
    async ({ query }) =>
      listLogs(db, await buildLogWhere(db, query), query.page, query.pageSize, 'admin'),
  );

  defineRoute(
    app,
    ctx,
    {
      ...spec,
      url: '/api/log/self/stat',
      summary: 'Own consumed quota over the filter; rpm and tpm of the last minute',
      access: Role.user,
      query: selfLogFilter,
      response: logStat,
    },
    async ({ user, query }) => statLogs(db, await buildLogWhere(db, query, user.id)),
  );

  defineRoute(
    app,
    ctx,
    {
      ...spec,
      url: '/api/log/stat',
      summary: 'Consumed quota over the filter; rpm and tpm of the last minute',
      access: Role.admin,
      query: adminLogFilter,
      response: logStat,
    },
    async ({ query }) => statLogs(db, await buildLogWhere(db, query)),
  );

  defineRoute(
    app,
    ctx,
    {
      ...spec,
      url: '/api/log/self/search',
      summary: 'Searches own logs by model, key name, request id or type',
      access: Role.user,
      query: logSearchQuery,
      response: logPage,
    },
    async ({ user, query }) => {
      await limitSearch(ctx, user.id);
      const keyword = query.keyword ? { text: query.keyword, username: false } : undefined;
      return listLogs(
        db,
        { userId: user.id, keyword },
        query.page,
        query.pageSize,
        logViewOf(user),
      );
    },
  );

  defineRoute(
    app,
    ctx,
    {
      ...spec,
      url: '/api/log/search',
      summary: 'Searches all logs by model, key name, username, request id or type',
      access: Role.admin,
      query: logSearchQuery,
      response: logPage,
    },
    async ({ query }) => {
      const keyword = query.keyword ? { text: query.keyword, username: true } : undefined;
      return listLogs(db, { keyword }, query.page, query.pageSize, 'admin');
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'DELETE',
      tags,
      url: '/api/log/',
      summary: 'Deletes every log older than target_timestamp; returns the count',
      access: Role.root,
      query: deleteLogsQuery,
      response: z.number().int(),
    },
    async ({ query }) => deleteLogsBefore(db, query.target_timestamp),
  );
};
