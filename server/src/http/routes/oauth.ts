import {
  Role,
  oauthCallbackQuery,
  oauthResult,
  oauthStateQuery,
  weChatCodeQuery,
  type LoginResult,
} from '@gateway/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { completeOAuth, type ProfileFetcher } from '../../domain/oauth/complete-oauth.js';
import { bindProvider, signInWithProvider } from '../../domain/oauth/external-account.js';
import { fetchGitHubProfile } from '../../domain/oauth/github.js';
import { fetchLinuxDoProfile } from '../../domain/oauth/linuxdo.js';
import { createOAuthState, stateTtlSeconds } from '../../domain/oauth/oauth-state.js';
import {
  gitHubProvider,
  linuxDoProvider,
  weChatProvider,
  type ExternalProvider,
} from '../../domain/oauth/providers.js';
import { fetchWeChatProfile } from '../../domain/oauth/wechat.js';
import { AppError } from '../../errors.js';
import { requestCookie } from '../middleware/cookies.js';
import { optionalSessionUserId } from '../middleware/optional-session.js';
import { limitByIp } from '../middleware/with-rate-limit.js';
import { readSessionId, setSessionCookie } from '../middleware/with-session.js';
import { defineRoute } from '../route.js';
import type { RouteModule } from '../route.js';

const tags = ['oauth'];
/** new-api's critical budget for these routes: 20 per IP per 20 minutes. */
const critical = { limit: 20, windowSeconds: 20 * 60 };
/** The browser's copy of the state, checked against the provider's callback. */
const stateCookie = 'oauth_state';
/** The bind code may come as `?code=` (older clients) or as the JSON body `{code}`. */
const weChatBindInput = z.object({ code: z.string().optional() });

/** Starts a session for a third-party sign-in, replacing the browser's previous one. */
async function startSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  user: LoginResult,
) {
  const previous = readSessionId(req);
  if (previous) await ctx.sessions.destroy(previous);
  setSessionCookie(req, reply, await ctx.sessions.create(user.id));
  return { ...user, action: 'login' as const };
}

function browserState(req: FastifyRequest): string | undefined {
  const raw = requestCookie(req, stateCookie);
  const unsigned = raw ? req.unsignCookie(raw) : undefined;
  return unsigned?.valid ? (unsigned.value ?? undefined) : undefined;
}

/** OAuth state, the GitHub and linux.do callbacks, and WeChat scan-code sign-in and binding. */
export const oauthRoutes: RouteModule = (app, ctx) => {
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/oauth/state',
      summary: 'A single-use OAuth state (10 minutes), also set as a cookie; carries `aff`',
      tags,
      access: 'public',
      query: oauthStateQuery,
      response: z.string(),
    },
    async ({ query, req, reply }) => {
      await limitByIp(ctx, req, { name: 'oauth-state', ...critical });
      const state = await createOAuthState(ctx, { aff: query.aff ?? '' });
      reply.setCookie(stateCookie, state, {
        path: '/api/oauth',
        httpOnly: true,
        sameSite: 'lax',
        secure: req.protocol === 'https',
        signed: true,
        maxAge: stateTtlSeconds,
      });
      return state;
    },
  );

  const callback = (provider: ExternalProvider, fetchProfile: ProfileFetcher) =>
    defineRoute(
      app,
      ctx,
      {
        method: 'GET',
        url: `/api/oauth/${provider.kind}`,
        summary: `${provider.label} callback: signs in, signs up, or binds when signed in`,
        tags,
        access: 'public',
        query: oauthCallbackQuery,
        response: oauthResult,
      },
      async ({ query, req, reply }) => {
        await limitByIp(ctx, req, { name: 'oauth', ...critical });
        const outcome = await completeOAuth(ctx, provider, fetchProfile, query, {
          browserState: browserState(req),
          sessionUserId: await optionalSessionUserId(ctx, req),
        });
        reply.clearCookie(stateCookie, { path: '/api/oauth' });
        if (outcome.action === 'bind') return outcome;
        return startSession(ctx, req, reply, outcome.user);
      },
    );
  callback(gitHubProvider, fetchGitHubProfile);
  callback(linuxDoProvider, fetchLinuxDoProfile);

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/oauth/wechat',
      summary: 'Signs in (or up) with the code the WeChat official account sent',
      tags,
      access: 'public',
      query: weChatCodeQuery,
      response: oauthResult,
    },
    async ({ query, req, reply }) => {
      await limitByIp(ctx, req, { name: 'oauth', ...critical });
      if (!ctx.settings.get(weChatProvider.enabled)) throw new AppError('wechat_login_disabled');
      const profile = await fetchWeChatProfile(ctx, query.code);
      const user = await signInWithProvider(ctx, weChatProvider, profile, '');
      return startSession(ctx, req, reply, user);
    },
  );

  // POST, as new-api declares it; GET too, because new-api's newer console calls it that way.
  for (const method of ['POST', 'GET'] as const) {
    defineRoute(
      app,
      ctx,
      {
        method,
        url: '/api/oauth/wechat/bind',
        summary: 'Binds WeChat to the signed-in account with the code the official account sent',
        tags,
        access: Role.user,
        query: weChatBindInput,
        ...(method === 'POST' ? { body: weChatBindInput } : {}),
        response: z.null(),
      },
      async ({ query, body, req, user }) => {
        await limitByIp(ctx, req, { name: 'oauth-bind', ...critical });
        if (!ctx.settings.get(weChatProvider.enabled)) throw new AppError('wechat_login_disabled');
        const { code } = weChatCodeQuery.parse({ code: query.code ?? body?.code ?? '' });
        const profile = await fetchWeChatProfile(ctx, code);
        await bindProvider(ctx, weChatProvider, user.id, profile.id);
        return null;
      },
    );
  }
};
