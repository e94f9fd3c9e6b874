import { loginRequest, loginResult, registerRequest } from '@gateway/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { loginRateLimit, registerRateLimit } from '../../config/settings/groups/auth.js';
import { loginUser } from '../../domain/users/login-user.js';
import { registerUser } from '../../domain/users/register-user.js';
import { limitByIp } from '../middleware/with-rate-limit.js';
import { guardTurnstile } from '../middleware/with-turnstile.js';
import { readSessionId, sessionCookie, setSessionCookie } from '../middleware/with-session.js';
import { defineRoute } from '../route.js';

/** Sign-up, sign-in and sign-out. */
export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/user/register',
      summary: 'Creates an account with a username and password',
      tags: ['account'],
      access: 'public',
      body: registerRequest,
    },
    async ({ body, req, reply }) => {
      const limit = ctx.settings.get(registerRateLimit);
      await limitByIp(ctx, req, { name: 'register', limit, windowSeconds: 60 });
      await guardTurnstile(ctx, req, reply);
      await registerUser(ctx, body);
      return null;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/user/login',
      summary: 'Signs in by username or e-mail and password; sets the session cookie',
      tags: ['account'],
      access: 'public',
      body: loginRequest,
      response: loginResult,
    },
    async ({ body, req, reply }) => {
      const limit = ctx.settings.get(loginRateLimit);
      await limitByIp(ctx, req, { name: 'login', limit, windowSeconds: 60 });
      await guardTurnstile(ctx, req, reply);
      const user = await loginUser(ctx, body.username, body.password);
      const previous = readSessionId(req);
      if (previous) await ctx.sessions.destroy(previous);
      setSessionCookie(req, reply, await ctx.sessions.create(user.id));
      return user;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/logout',
      summary: 'Ends the session and clears its cookie',
      tags: ['account'],
      access: 'public',
    },
    async ({ req, reply }) => {
      const sessionId = readSessionId(req);
      if (sessionId) await ctx.sessions.destroy(sessionId);
      reply.clearCookie(sessionCookie, { path: '/' });
      return null;
    },
  );
}
