import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientFormat } from './adaptors/adaptor.js';
import { sendRelayError } from './relay-errors.js';
import { sendMjError } from './tasks/midjourney/wire.js';
import { sendEnvelopeError } from './tasks/task-dto.js';
import { sendKlingError } from './tasks/video/kling-routes.js';

/**
 * The wire format of a relay path, for a request no route took: as the routes have it, a POST
 * under `/v1/models/` is Gemini's `{model}:{action}` (a GET there is OpenAI's model lookup).
 */
function formatOfPath(method: string, path: string): ClientFormat {
  if (path === '/v1/messages') return 'anthropic';
  if (path.startsWith('/v1beta/') && !path.startsWith('/v1beta/openai/')) return 'gemini';
  if (method === 'POST' && path.startsWith('/v1/models/')) return 'gemini';
  return 'openai';
}

/**
 * Answers a request Fastify refused before routing it (a malformed URL, a path parameter past
 * its length) in the error shape of the protocol its path belongs to, as its route would have.
 * Returns false for paths outside the relay and the task protocols.
 */
export function sendUnroutedRelayError(
  error: unknown,
  req: FastifyRequest,
  reply: FastifyReply,
): boolean {
  const path = req.url.split('?')[0] ?? '';
  if (/^\/mj(-(fast|relax|turbo))?\//.test(path)) sendMjError(error, req, reply);
  else if (path.startsWith('/suno/')) sendEnvelopeError(error, req, reply);
  else if (path.startsWith('/kling/')) sendKlingError(error, req, reply);
  else if (/^\/(v1|v1beta|dashboard|pg)\//.test(path)) {
    sendRelayError(formatOfPath(req.method, path), error, req, reply);
  } else return false;
  return true;
}
