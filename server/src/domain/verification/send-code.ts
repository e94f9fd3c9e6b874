import type { Language } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { emailCodeTtlMinutes } from '../../config/settings/groups/email.js';
import { isEmailTaken } from '../../db/queries/users.js';
import { AppError } from '../../errors.js';
import { verificationCodeMail } from '../email/mail-templates.js';
import { checkEmailAllowed } from './email-rules.js';
import { issueCode } from './verification-codes.js';

/** One code per address per this many seconds. */
export const addressWindowSeconds = 60;

/** Who asks for a code, and for what. */
export interface CodeRequest {
  email: string;
  /** Language of the mail. */
  language: Language;
  /** The signed-in user binding this address; absent when the code is for registration. */
  userId?: number;
}

/**
 * Mails a verification code (registration, or binding when `userId` is given) and waits for
 * the SMTP server to take it, so a failure reaches the visitor. Applies the domain and alias
 * rules, refuses an address another account uses, and allows one code per address per
 * minute (`email_send_too_often`, HTTP 429).
 */
export async function sendVerificationCode(ctx: AppContext, request: CodeRequest): Promise<void> {
  const { email, userId } = request;
  checkEmailAllowed(ctx, email);
  if (await isEmailTaken(ctx.db, email, userId ?? 0)) throw new AppError('email_taken');
  const lock = `vcode-sent:${email}`;
  if (!(await ctx.shared.setIfAbsent(lock, '1', addressWindowSeconds))) {
    throw new AppError('email_send_too_often', { seconds: addressWindowSeconds }, 429);
  }
  const minutes = ctx.settings.get(emailCodeTtlMinutes);
  const purpose = userId ? 'bind_email' : 'register';
  const code = await issueCode(ctx, purpose, email, minutes * 60);
  try {
    await ctx.mail.send(verificationCodeMail(ctx, request.language, email, code, minutes));
  } catch (error) {
    // Nothing was delivered: let the visitor try again at once (after fixing the address).
    await ctx.shared.del(lock);
    throw error;
  }
}
