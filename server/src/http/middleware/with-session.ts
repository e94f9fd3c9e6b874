import { findUserIdByAccessToken } from '../../db/queries/users.js';
import { hasRole, UserStatus } from '@gateway/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../domain/users/auth-user.js';
import { AppError, forbidden, unauthorized } from '../../errors.js';
import { requestCookie } from './cookies.js';

/** Name of the signed session cookie. */
export const sessionCookie = 'session';

export type { AuthUser } from '../../domain/users/auth-user.js';

/** The session id from the signed cookie, if valid. */
export function readSessionId(req: FastifyRequest): string | undefined {
  const raw = requestCookie(req, sessionCookie);
  if (!raw) return undefined;
  const unsigned = req.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/** Sets the session cookie: HttpOnly, SameSite=Strict, Secure behind HTTPS. */
export function setSessionCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
): void {
  reply.setCookie(sessionCookie, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    signed: true,
    maxAge: 30 * 24 * 3600,
  });
}

/**
 * Authenticates a console request by session cookie or personal access token, checks the
 * `New-Api-User` (or `Rix-Api-User`) header against it, the user's status and the role.
 */
export async function authenticate(
  ctx: AppContext,
  req: FastifyRequest,
  minRole: number,
): Promise<AuthUser> {
  const sessionId = readSessionId(req);
  let userId = sessionId ? await ctx.sessions.find(sessionId) : null;
  let viaAccessToken = false;
  if (userId === null) {
    const token = accessTokenOf(req);
    if (!token) throw unauthorized();
    const owner = await findUserIdByAccessToken(ctx.db, token);
    if (owner === undefined) throw new AppError('access_token_invalid', undefined, 401);
    userId = owner;
    viaAccessToken = true;
  }
  const header = req.headers['new-api-user'] ?? req.headers['rix-api-user'];
  if (header === undefined || header === '') throw unauthorized('user_header_missing');
  if (typeof header !== 'string' || !/^\d+$/.test(header.trim()))
    throw unauthorized('user_header_invalid');
  if (Number(header) !== userId) throw unauthorized('user_header_mismatch');

  const user = await ctx.users.get(userId);
  if (!user) throw unauthorized('user_not_found');
  if (user.status === UserStatus.banned) throw new AppError('user_banned', undefined, 401);
  if (user.status !== UserStatus.enabled) throw new AppError('user_closed', undefined, 401);
  if (!hasRole(user.role, minRole)) throw forbidden();
  return {
    ...user,
    viaAccessToken,
    sessionId: viaAccessToken ? undefined : (sessionId ?? undefined),
  };
}

function accessTokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token || undefined;
}
