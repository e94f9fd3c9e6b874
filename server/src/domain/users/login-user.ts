import { UserStatus, type LoginResult } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { passwordLoginEnabled } from '../../config/settings/groups/auth.js';
import { findLoginCandidate, updateUserColumns } from '../../db/queries/users.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { checkPassword, hashPassword, spendVerificationTime } from './password-hash.js';
import { toLoginResult } from './user-views.js';

/**
 * Checks a username (or e-mail) and password. On success records the sign-in time,
 * upgrades an imported bcrypt hash to argon2id, and returns the user summary; the caller
 * starts the session.
 */
export async function loginUser(
  ctx: AppContext,
  login: string,
  password: string,
): Promise<LoginResult> {
  if (!ctx.settings.get(passwordLoginEnabled)) throw new AppError('password_login_disabled');
  const user = await findLoginCandidate(ctx.db, login);
  if (!user || !user.password_hash) {
    await spendVerificationTime(password);
    throw new AppError('wrong_credentials');
  }
  const check = await checkPassword(user.password_hash, password);
  if (!check.ok) throw new AppError('wrong_credentials');
  // Only told after the password is right, so the ban does not reveal that a name exists.
  if (user.status === UserStatus.banned) throw new AppError('user_banned');
  await updateUserColumns(ctx.db, user.id, {
    last_login_at: nowSeconds(),
    ...(check.rehash ? { password_hash: await hashPassword(password) } : {}),
  });
  return toLoginResult(user);
}
