import { Role, UserStatus } from '@gateway/shared';
import type { AppContext } from '../../context.js';

/**
 * Closes an account for good (status 3): no password, no access token, e-mail and
 * third-party ids released for reuse, every session ended on every instance. Root is never
 * closed. Returns false when there was nothing to close.
 */
export async function closeAccount(ctx: AppContext, userId: number): Promise<boolean> {
  const result = await ctx.db
    .updateTable('users')
    .set({
      status: UserStatus.closed,
      password_hash: '',
      access_token: null,
      email: null,
      github_id: null,
      linuxdo_id: null,
      wechat_id: null,
      wxpusher_uid: null,
    })
    .where('id', '=', userId)
    .where('role', '!=', Role.root)
    .where('status', '!=', UserStatus.closed)
    .executeTakeFirst();
  await ctx.sessions.revokeAll(userId);
  await ctx.users.invalidate(userId);
  return Number(result.numUpdatedRows) > 0;
}
