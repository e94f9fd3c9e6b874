import type { AppContext } from '../../context.js';
import {
  emailVerificationEnabled,
  passwordRegisterEnabled,
  registerEnabled,
} from '../../config/settings/groups/auth.js';
import { isEmailTaken, isUsernameTaken } from '../../db/queries/users.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors.js';
import { checkEmailAllowed } from '../verification/email-rules.js';
import { consumeCode } from '../verification/verification-codes.js';
import { createAccount } from './create-account.js';
import { hashPassword } from './password-hash.js';

/** A validated sign-up. */
export interface Registration {
  username: string;
  password: string;
  email?: string;
  verification_code?: string;
  /** Invitation code typed by the visitor. */
  aff_code?: string;
}

/**
 * Creates an ordinary account from the sign-up form (see `createAccount` for the gift and
 * the invitation rewards). Returns the id.
 */
export async function registerUser(ctx: AppContext, input: Registration): Promise<number> {
  const { settings } = ctx;
  if (!settings.get(registerEnabled)) throw new AppError('register_disabled');
  if (!settings.get(passwordRegisterEnabled)) throw new AppError('password_register_disabled');
  // Like new-api, the address is only kept when it has been proven by a code.
  const verify = settings.get(emailVerificationEnabled);
  const email = verify ? (input.email ?? '').trim().toLowerCase() : '';
  if (verify) {
    if (!email) throw new AppError('email_required');
    if (!input.verification_code) throw new AppError('verification_code_required');
    checkEmailAllowed(ctx, email);
  }
  if (await isUsernameTaken(ctx.db, input.username)) throw new AppError('username_taken');
  if (email && (await isEmailTaken(ctx.db, email))) throw new AppError('email_taken');
  if (verify && !(await consumeCode(ctx, 'register', email, input.verification_code ?? ''))) {
    throw new AppError('verification_code_invalid');
  }

  const passwordHash = await hashPassword(input.password);
  try {
    return await createAccount(ctx, {
      username: input.username,
      passwordHash,
      displayName: input.username,
      email: email || null,
      affCode: input.aff_code ?? '',
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('username_taken');
    throw error;
  }
}
