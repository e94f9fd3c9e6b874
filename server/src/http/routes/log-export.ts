import { Role, adminLogFilter, selfLogFilter, type LogFilter } from '@gateway/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openLogExport } from '../../domain/logs/export-logs.js';
import { buildLogWhere } from '../../domain/logs/query-logs.js';
import { logViewOf } from '../../policies/logs.js';
import { addAnswerHeaders } from '../middleware/answer-headers.js';
import { defineRoute } from '../route.js';
import type { RouteModule } from '../route.js';

const tags = ['logs'];

/**
 * Streams CSV chunks as the download. The reply is taken over from Fastify (hijacked) so
 * that rows flow with back-pressure instead of being collected into one body.
 */
async function sendCsv(
  req: FastifyRequest,
  reply: FastifyReply,
  chunks: AsyncGenerator<string>,
  filter: Partial<LogFilter>,
): Promise<void> {
  const filename = `logs-${filter.start_timestamp ?? 0}-${filter.end_timestamp ?? 'now'}.csv`;
  reply.hijack();
  const headers = addAnswerHeaders({}, req.id);
  // Headers set earlier still belong on the download.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value;
  }
  reply.raw.writeHead(200, {
    ...headers,
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  });
  try {
    await pipeline(Readable.from(chunks), reply.raw);
  } catch (error) {
    // Headers are gone already: the client sees a cut download, the log says why.
    req.log.warn({ err: error }, 'log export interrupted');
  }
}

/** CSV export of logs for a time range: own logs, or all logs for admins. */
export const logExportRoutes: RouteModule = (app, ctx) => {
  const { db } = ctx;

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/log/self/export',
      summary: 'Downloads own logs of a time range as CSV (oldest first)',
      tags,
      access: Role.user,
      query: selfLogFilter,
      answerType: 'text/csv',
    },
    async ({ user, query, req, reply }) => {
      const where = await buildLogWhere(db, query, user.id);
      await sendCsv(req, reply, await openLogExport(db, where, logViewOf(user)), query);
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/log/export',
      summary: 'Downloads all logs of a time range as CSV (oldest first)',
      tags,
      access: Role.admin,
      query: adminLogFilter,
      answerType: 'text/csv',
    },
    async ({ query, req, reply }) => {
      const where = await buildLogWhere(db, query);
      await sendCsv(req, reply, await openLogExport(db, where, 'admin'), query);
    },
  );
};
