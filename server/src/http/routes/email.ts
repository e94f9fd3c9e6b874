import {
  Role,
  bindEmailRequest,
  resetPasswordQuery,
  resetPasswordRequest,
  testMailRequest,
  verificationQuery,
} from '@gateway/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { testMail } from '../../domain/email/mail-templates.js';
import { bindEmail } from '../../domain/users/bind-email.js';
import { completePasswordReset, requestPasswordReset } from '../../domain/users/reset-password.js';
import { sendVerificationCode } from '../../domain/verification/send-code.js';
import { AppError } from '../../errors.js';
import { requestLanguage } from '../../lib/request-language.js';
import { optionalSessionUserId } from '../middleware/optional-session.js';
import { limitByIp } from '../middleware/with-rate-limit.js';
import { guardTurnstile } from '../middleware/with-turnstile.js';
import { defineRoute } from '../route.js';
import type { RouteModule } from '../route.js';

const tags = ['account'];
/** new-api's critical budget: 20 per IP per 20 minutes. */
const critical = { limit: 20, windowSeconds: 20 * 60 };
/** The contract's e-mail budget: at most 2 codes per IP per 30 seconds. */
const codeWindowSeconds = 30;

/** Counts a code request against the caller IP's budget (429 `email_send_too_often`). */
async function limitCodesByIp(ctx: AppContext, req: FastifyRequest): Promise<void> {
  const count = await ctx.shared.hit(`rate:verification:${req.ip}`, codeWindowSeconds);
  if (count > 2) throw new AppError('email_send_too_often', { seconds: codeWindowSeconds }, 429);
}

/** E-mail codes, binding the e-mail, password reset by link, and the SMTP test mail. */
export const emailRoutes: RouteModule = (app, ctx) => {
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/verification',
      summary: 'Mails a verification code: to register, or (signed in) to bind the address',
      tags,
      access: 'public',
      query: verificationQuery,
      response: z.null(),
    },
    async ({ query, req, reply }) => {
      await limitCodesByIp(ctx, req);
      const userId = await optionalSessionUserId(ctx, req);
      // A signed-in caller passed Turnstile to sign in; binding asks for no second check.
      if (userId === null) await guardTurnstile(ctx, req, reply);
      const language = requestLanguage(req);
      await sendVerificationCode(ctx, {
        email: query.email,
        language,
        userId: userId ?? undefined,
      });
      return null;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/reset_password',
      summary:
        'Mails a password reset link if the address has an account (the same answer either way); password_reset_unavailable when the site cannot mail links',
      tags,
      access: 'public',
      query: resetPasswordQuery,
      response: z.null(),
    },
    async ({ query, req, reply }) => {
      await limitByIp(ctx, req, { name: 'reset', ...critical });
      await guardTurnstile(ctx, req, reply);
      await requestPasswordReset(ctx, query.email, requestLanguage(req));
      return null;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/user/reset',
      summary: "Sets the chosen password with a reset link's token; ends the user's sessions",
      tags,
      access: 'public',
      body: resetPasswordRequest,
      response: z.null(),
    },
    async ({ body, req }) => {
      await limitByIp(ctx, req, { name: 'reset', ...critical });
      await completePasswordReset(ctx, body);
      return null;
    },
  );

  // The body is the contract; older clients put the fields in the query string.
  const bindInput = z.object({ email: z.string().optional(), code: z.string().optional() });
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/oauth/email/bind',
      summary: 'Binds or changes the e-mail with the code mailed to it',
      tags,
      access: Role.user,
      body: bindInput,
      query: bindInput,
      response: z.null(),
    },
    async ({ body, query, req, user }) => {
      await limitByIp(ctx, req, { name: 'bind', ...critical });
      const input = bindEmailRequest.parse({
        email: body.email ?? query.email ?? '',
        code: body.code ?? query.code ?? '',
      });
      await bindEmail(ctx, user.id, input.email, input.code);
      return null;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/option/test_mail',
      summary: 'Sends a test mail with the saved SMTP settings; reports the SMTP error',
      tags: ['options'],
      access: Role.root,
      body: testMailRequest,
      response: z.null(),
    },
    async ({ body, req, user }) => {
      await ctx.mail.send(testMail(ctx, requestLanguage(req, user.language), body.to));
      return null;
    },
  );
};
