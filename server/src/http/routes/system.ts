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
  summary: 'Prometheus metrics (text exposition format)',
  tags: ['system'],
  access: 'public',
  response: z.string(),
  responseType: 'text/plain',
});

/** `GET /api/openapi.json` and `GET /metrics`. */
export const systemRoutes: RouteModule = (app, ctx) => {
  let document: OpenApiDocument | undefined;
  app.get('/api/openapi.json', async () => {
    // Built on first request, when every route module has registered its routes.
    document ??= buildOpenApiDocument(version);
    return document;
  });
  app.get('/metrics', async (_req, reply) => {
    void reply.header('Content-Type', ctx.metrics.registry.contentType);
    return ctx.metrics.scrape();
  });
};
