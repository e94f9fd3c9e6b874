import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticateKey, type KeyCaller } from '../steps/authenticate-caller.js';

/**
 * Authenticates a task request by its API key. Midjourney-Proxy clients send the key as
 * `mj-api-secret` and leave `Authorization` empty or set to the literal `midjourney-proxy`;
 * such a request is read as if the key were the bearer token.
 */
export async function authenticateTaskKey(
  ctx: AppContext,
  req: FastifyRequest,
): Promise<KeyCaller> {
  const secret = req.headers['mj-api-secret'];
  const authorization = req.headers.authorization?.replace(/^bearer\s+/i, '').trim() ?? '';
  if (
    typeof secret === 'string' &&
    secret !== '' &&
    (authorization === '' || authorization === 'midjourney-proxy')
  ) {
    req.headers.authorization = `Bearer ${secret}`;
  }
  return authenticateKey(ctx, req, 'openai');
}
