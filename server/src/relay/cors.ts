import type { FastifyInstance } from 'fastify';

/**
 * CORS for the relay: browser chat clients call the API directly with a key, so any origin
 * may, as with new-api. The header goes into every relay answer's head (no per-request hook).
 */
export const corsHeader = { 'access-control-allow-origin': '*' } as const;

/** Answers CORS preflight requests on the relay paths. */
export function registerPreflight(scope: FastifyInstance): void {
  for (const url of ['/v1/*', '/v1beta/*', '/dashboard/*', '/pg/*']) {
    scope.options(url, (req, reply) => {
      void reply
        .code(204)
        .headers({
          ...corsHeader,
          'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
          'access-control-allow-headers':
            req.headers['access-control-request-headers'] ?? 'authorization, content-type',
          'access-control-max-age': '86400',
        })
        .send();
    });
  }
}
