import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { version } from '../../lib/version.js';
import { buildOpenApiDocument, declareRawRoute } from '../openapi.js';
import type { OpenApiDocument } from '../openapi-schema.js';
import type { RouteModule } from '../route.js';

declareRawRoute({
  method: 'GET',
  url: '/api/openapi.json',
  summary: 'This OpenAPI 3.1 document',
  tags: ['system'],
  access: 'public',
  response: z.object({ openapi: z.literal('3.1.0') }).loose(),
});
declareRawRoute({
  method: 'GET',
  url: '/metrics',
  summary:
    'Prometheus metrics (text exposition format): with METRICS_TOKEN set, for its bearer; else from this machine only',
  tags: ['system'],
  access: 'public',
  response: z.string(),
  responseType: 'text/plain',
});

const loopback = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Who may read `/metrics` (it names models, channels and traffic): the bearer of
 * `METRICS_TOKEN` when one is set, else a scraper on this machine. The HTTP status of a
 * refusal, or null.
 */
function metricsRefusal(req: FastifyRequest, token: string): 401 | 403 | null {
  if (!token) return loopback.test(req.ip) ? null : 403;
  const given = Buffer.from(req.headers.authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted) ? null : 401;
}

/** `GET /api/openapi.json` and `GET /metrics`. */
export const systemRoutes: RouteModule = (app, ctx) => {
  let document: OpenApiDocument | undefined;
  app.get('/api/openapi.json', async () => {
    // Built on first request, when every route module has registered its routes.
    document ??= buildOpenApiDocument(version);
    return document;
  });
  app.get('/metrics', async (req, reply) => {
    const refusal = metricsRefusal(req, ctx.env.metricsToken);
    if (refusal) return reply.code(refusal).type('text/plain').send(`${refusal}\n`);
    void reply.header('Content-Type', ctx.metrics.registry.contentType);
    return ctx.metrics.scrape();
  });
};
