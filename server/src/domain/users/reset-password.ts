import { UserStatus, type Language, type ResetPasswordRequest } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { resetLinkTtlMinutes } from '../../config/settings/groups/email.js';
import { serverAddress } from '../../config/settings/groups/general.js';
import { AppError } from '../../errors.js';
import { resetLinkMail } from '../email/mail-templates.js';
import { readSmtpConfig } from '../email/smtp-config.js';
import { consumeResetToken, issueResetToken } from '../verification/reset-tokens.js';
import { hashPassword } from './password-hash.js';
import { findLiveUserByEmail, updateUserColumns } from '../../db/queries/users.js';

/** One reset mail per address per this many seconds (the answer stays the same). */
const addressWindowSeconds = 60;

const findLiveUser = (ctx: AppContext, email: string) =>
  findLiveUserByEmail(ctx.db, email, UserStatus.closed);

/**
 * Starts a password reset. When the site cannot mail a link at all (no SMTP server, or no
 * `ServerAddress` to build it on) it says so (`password_reset_unavailable`), the same for
 * every address. Otherwise the caller answers the same whatever happens here (no account
 * enumeration, and the mail goes through the queue so the timing does not tell either): only
 * an enabled account's address gets the single-use link
 * `{ServerAddress}/user/reset?email=…&token=…`, at most once a minute.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  language: Language,
): Promise<void> {
  // Never build the link from the Host header: a forged one would mail the token elsewhere.
  const base = ctx.settings.get(serverAddress).trim().replace(/\/+$/, '');
  if (!base || !readSmtpConfig(ctx.settings)) throw new AppError('password_reset_unavailable');
  const user = await findLiveUser(ctx, email);
  if (!user || user.status !== UserStatus.enabled) return;
  if (!(await ctx.shared.setIfAbsent(`reset-sent:${email}`, '1', addressWindowSeconds))) return;
  const minutes = ctx.settings.get(resetLinkTtlMinutes);
  const token = await issueResetToken(ctx, email, minutes * 60);
  const query = new URLSearchParams({ email, token });
  const link = `${base}/user/reset?${query.toString()}`;
  ctx.mail.queue(resetLinkMail(ctx, language, email, link, minutes), 'password_reset');
}

/**
 * Finishes a reset: uses up the token, sets the password the user chose and ends every
 * session of that user. Throws `reset_link_invalid` for a wrong, expired or used link.
 */
export async function completePasswordReset(
  ctx: AppContext,
  request: ResetPasswordRequest,
): Promise<void> {
  if (!(await consumeResetToken(ctx, request.email, request.token))) {
    throw new AppError('reset_link_invalid');
  }
  const user = await findLiveUser(ctx, request.email);
  if (!user) throw new AppError('reset_link_invalid');
  const passwordHash = await hashPassword(request.password);
  await updateUserColumns(ctx.db, user.id, { password_hash: passwordHash });
  await ctx.sessions.revokeAll(user.id);
  await ctx.users.invalidate(user.id);
}
