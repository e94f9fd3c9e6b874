import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { turnstileCheckEnabled } from '../../config/settings/groups/auth.js';
import { checkTurnstile } from '../../domain/verification/turnstile.js';
import { randomId } from '../../lib/random.js';
import { requestCookie } from './cookies.js';

/** Cookie that remembers a passed check, like new-api's `session.turnstile`. */
const passCookie = 'turnstile_pass';
/** How long one passed check spares the visitor the next ones. */
const passTtlSeconds = 3600;

/** The `turnstile` query parameter new-api clients put on guarded calls. */
function tokenOf(req: FastifyRequest): string | undefined {
  const value = (req.query as Record<string, unknown> | undefined)?.turnstile;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Guards sign-in, sign-up, code sending and password reset when Turnstile is on: the token
 * is verified with Cloudflare before the route does anything else. A success is remembered
 * for an hour (server side, behind a signed cookie) so the visitor's next guarded calls pass.
 */
export async function guardTurnstile(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (!ctx.settings.get(turnstileCheckEnabled)) return;
  const raw = requestCookie(req, passCookie);
  const pass = raw ? req.unsignCookie(raw) : undefined;
  if (pass?.valid && pass.value && (await ctx.shared.get(`turnstile-pass:${pass.value}`))) return;
  await checkTurnstile(ctx, tokenOf(req), req.ip);
  const id = randomId(18);
  await ctx.shared.set(`turnstile-pass:${id}`, '1', passTtlSeconds);
  reply.setCookie(passCookie, id, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    signed: true,
    maxAge: passTtlSeconds,
  });
}
