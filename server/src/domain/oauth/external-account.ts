import { UserStatus, type LoginResult } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { registerEnabled } from '../../config/settings/groups/auth.js';
import { findBoundUser } from '../../db/queries/user-bindings.js';
import {
  isEmailTaken,
  isUsernameTaken,
  maxUserId,
  updateUserColumns,
} from '../../db/queries/users.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors.js';
import { randomAlphanumeric } from '../../lib/random.js';
import { nowSeconds } from '../../lib/time.js';
import { createAccount } from '../users/create-account.js';
import { toLoginResult } from '../users/user-views.js';
import type { ExternalProfile, ExternalProvider } from './providers.js';

/** The live account bound to a provider id. */
const findBound = (ctx: AppContext, provider: ExternalProvider, externalId: string) =>
  findBoundUser(ctx.db, provider.column, externalId, UserStatus.closed);

/** The provider's login if it fits the username rule (≤ 12) and is free, else `prefix<next id>`. */
async function pickUsername(ctx: AppContext, provider: ExternalProvider, wanted: string) {
  const name = wanted.trim();
  if (name && name.length <= 12 && !(await isUsernameTaken(ctx.db, name))) return name;
  return `${provider.usernamePrefix}${(await maxUserId(ctx.db)) + 1}`;
}

/** Creates the account for a first sign-in; null when a racing sign-in created it first. */
async function signUp(
  ctx: AppContext,
  provider: ExternalProvider,
  profile: ExternalProfile,
  affCode: string,
): Promise<number | null> {
  const email = profile.email.trim().toLowerCase();
  const usable = email.includes('@') && !(await isEmailTaken(ctx.db, email));
  let username = await pickUsername(ctx, provider, profile.username);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await createAccount(ctx, {
        username,
        passwordHash: '',
        displayName: (
          profile.displayName ||
          profile.username ||
          provider.fallbackDisplayName
        ).slice(0, 20),
        email: usable ? email : null,
        affCode,
        bindings: { [provider.column]: profile.id },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await findBound(ctx, provider, profile.id)) return null;
      username = `${provider.usernamePrefix}${randomAlphanumeric(6).toLowerCase()}`;
    }
  }
  throw new AppError('username_taken');
}

/**
 * Signs a visitor in with a verified third-party identity: the bound account, or a new one
 * when registration is open (gift and invitation rewards as for any sign-up). Throws
 * `register_disabled`, `user_banned`. The caller starts the session.
 */
export async function signInWithProvider(
  ctx: AppContext,
  provider: ExternalProvider,
  profile: ExternalProfile,
  affCode: string,
): Promise<LoginResult> {
  let user = await findBound(ctx, provider, profile.id);
  if (!user) {
    if (!ctx.settings.get(registerEnabled)) throw new AppError('register_disabled');
    await signUp(ctx, provider, profile, affCode);
    user = await findBound(ctx, provider, profile.id);
    if (!user) throw new AppError('user_not_found');
  }
  if (user.status === UserStatus.banned) throw new AppError('user_banned');
  await updateUserColumns(ctx.db, user.id, { last_login_at: nowSeconds() });
  return toLoginResult(user);
}

/**
 * Binds a verified third-party identity to the signed-in user (replacing an earlier one of
 * the same provider). Throws `account_already_bound` when another account holds it.
 */
export async function bindProvider(
  ctx: AppContext,
  provider: ExternalProvider,
  userId: number,
  externalId: string,
): Promise<void> {
  const holder = await findBound(ctx, provider, externalId);
  if (holder && holder.id !== userId) throw new AppError('account_already_bound');
  if (holder) return;
  try {
    await updateUserColumns(ctx.db, userId, { [provider.column]: externalId });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('account_already_bound');
    throw error;
  }
}
