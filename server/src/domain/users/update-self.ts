import {
  getUserFields,
  updateUserColumns,
  type UserColumnChanges,
} from '../../db/queries/users.js';
import { Role, type UpdateSelfRequest } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { AuthUser } from './auth-user.js';
import { closeAccount } from './close-account.js';
import { checkPassword, hashPassword } from './password-hash.js';

/**
 * Changes the caller's display name, language or password. A new password needs the
 * original one (unless the account never had one) and ends the user's other sessions.
 */
export async function updateSelf(
  ctx: AppContext,
  user: AuthUser,
  input: UpdateSelfRequest,
): Promise<void> {
  const changes: UserColumnChanges = {};
  if (input.display_name !== undefined) changes.display_name = input.display_name;
  if (input.language !== undefined) changes.language = input.language;
  if (input.password) {
    const stored = (await getUserFields(ctx.db, user.id, ['password_hash'])).password_hash;
    if (stored) {
      const check = await checkPassword(stored, input.original_password ?? '');
      if (!check.ok) throw new AppError('original_password_wrong');
    }
    changes.password_hash = await hashPassword(input.password);
  }
  if (Object.keys(changes).length === 0) return;
  await updateUserColumns(ctx.db, user.id, changes);
  if (input.password) await ctx.sessions.revokeAll(user.id, user.sessionId);
  if (input.language !== undefined) await ctx.users.invalidate(user.id);
}

/** Closes the caller's own account once they have typed its name; root cannot. */
export async function closeOwnAccount(
  ctx: AppContext,
  user: AuthUser,
  confirmUsername: string,
): Promise<void> {
  if (user.role === Role.root) throw new AppError('root_cannot_close');
  if (confirmUsername !== user.username) throw new AppError('confirm_username_mismatch');
  await closeAccount(ctx, user.id);
}
