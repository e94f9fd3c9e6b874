import type { AppContext } from '../../context.js';
import { isEmailTaken, updateUserColumns } from '../../db/queries/users.js';
import { AppError } from '../../errors.js';
import { checkEmailAllowed } from '../verification/email-rules.js';
import { consumeCode } from '../verification/verification-codes.js';

/**
 * Binds or changes the signed-in user's e-mail with the code mailed to the new address
 * (issued by `GET /api/verification` while signed in). Throws the rule errors,
 * `verification_code_invalid` or `email_taken`.
 */
export async function bindEmail(
  ctx: AppContext,
  userId: number,
  email: string,
  code: string,
): Promise<void> {
  checkEmailAllowed(ctx, email);
  if (!(await consumeCode(ctx, 'bind_email', email, code))) {
    throw new AppError('verification_code_invalid');
  }
  // Checked again: another account may have taken the address since the code was sent.
  if (await isEmailTaken(ctx.db, email, userId)) throw new AppError('email_taken');
  await updateUserColumns(ctx.db, userId, { email });
}
