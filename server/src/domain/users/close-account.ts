import { Role, UserStatus } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { closeUserAccount } from '../../db/queries/users.js';

/**
 * Closes an account for good (status 3): no password, no access token, e-mail and
 * third-party ids released for reuse, every session ended on every instance. Root is never
 * closed. Returns false when there was nothing to close.
 */
export async function closeAccount(ctx: AppContext, userId: number): Promise<boolean> {
  const closed = await closeUserAccount(ctx.db, userId, {
    closed: UserStatus.closed,
    rootRole: Role.root,
  });
  await ctx.sessions.revokeAll(userId);
  await ctx.users.invalidate(userId);
  return closed;
}
