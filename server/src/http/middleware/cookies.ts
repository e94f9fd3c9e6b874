import type { FastifyRequest } from 'fastify';

/**
 * A request's cookie by name, the cookies parsed on first use: the cookie plugin is told not
 * to parse them on every request, since API-key requests, the most of them, never read one.
 */
export function requestCookie(req: FastifyRequest, name: string): string | undefined {
  // Typed as always there; null until something parses them (the plugin's `hook: false`).
  const parsed = req.cookies as FastifyRequest['cookies'] | null;
  const cookies = parsed ?? (req.cookies = req.server.parseCookie(req.headers.cookie ?? ''));
  return cookies[name];
}
