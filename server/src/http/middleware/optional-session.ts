import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { readSessionId } from './with-session.js';

/**
 * The user id of the request's live session, or null. For public routes that act differently
 * for a signed-in caller (a code to bind rather than to register, an OAuth callback that binds
 * rather than signs in); authorization still happens in the domain function.
 */
export async function optionalSessionUserId(
  ctx: AppContext,
  req: FastifyRequest,
): Promise<number | null> {
  const sessionId = readSessionId(req);
  return sessionId ? ctx.sessions.find(sessionId) : null;
}
