import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../errors.js';
import { handleError } from './error-handler.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A file of the console (counted in metrics under one label). */
    staticFile?: boolean;
  }
}

const apiLike = /^\/(api|v1|v1beta|assets|mj|suno|dashboard)(\/|$|\?)/;

/**
 * Serves the built console: hashed assets with a long cache, precompressed (Brotli or gzip
 * as the browser accepts), and `index.html` for every other GET path (client-side routes).
 * Unknown API paths get a 404 error instead.
 */
export async function registerStaticSite(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = join(webDist, 'index.html');
  const hasSite = webDist !== '' && existsSync(indexFile);
  if (hasSite) {
    // One route per file, in a scope of their own: marked, so that metrics count them under
    // one label rather than a new series for every hashed asset of every release.
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, staticFile: true };
      });
      await scope.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset; they go out by Accept-Encoding.
        preCompressed: true,
        setHeaders: (res, path) => {
          if (path.includes('/assets/'))
            void res.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      });
    });
  }
  const indexHtml = hasSite ? readFileSync(indexFile, 'utf8') : '';
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (req.method !== 'GET' || apiLike.test(path) || !hasSite) {
      handleError(new AppError('api_not_found', { method: req.method, path }, 404), req, reply);
      return;
    }
    void reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}
