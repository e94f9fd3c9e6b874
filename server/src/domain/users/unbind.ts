import type { BindingKind } from '@gateway/shared';
import type { ExpressionBuilder } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

type UserColumn = 'email' | 'github_id' | 'linuxdo_id' | 'wechat_id' | 'wxpusher_uid';

/** The column each binding lives in. */
const columnOf: Record<BindingKind, UserColumn> = {
  email: 'email',
  github: 'github_id',
  linuxdo: 'linuxdo_id',
  wechat: 'wechat_id',
  wxpusher: 'wxpusher_uid',
};

/** Ways back into an account: a password, an e-mail (a reset link), or a provider. */
const signInColumns: UserColumn[] = ['email', 'github_id', 'linuxdo_id', 'wechat_id'];

/** True when the row keeps a way to sign in other than `removed`. */
function keepsAnotherWay(removed: UserColumn) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.or([
      eb('password_hash', '!=', ''),
      ...signInColumns
        .filter((c) => c !== removed)
        .map((c) => eb.and([eb(c, 'is not', null), eb(c, '!=', '')])),
    ]);
}

/**
 * Removes one binding from the user's own account. A sign-in method (e-mail, GitHub,
 * linux.do, WeChat) goes only while another remains, checked in the same statement so two
 * simultaneous removals cannot both win (`last_login_method`); WxPusher always goes.
 * Removing what is not bound does nothing.
 */
export async function unbindOwn(ctx: AppContext, userId: number, kind: BindingKind): Promise<void> {
  const column = columnOf[kind];
  let query = ctx.db
    .updateTable('users')
    .set({ [column]: null })
    .where('id', '=', userId)
    .where(column, 'is not', null);
  if (kind !== 'wxpusher') query = query.where(keepsAnotherWay(column));
  const result = await query.executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return;
  const row = await ctx.db
    .selectFrom('users')
    .select(column)
    .where('id', '=', userId)
    .executeTakeFirst();
  if (row?.[column]) throw new AppError('last_login_method');
}

/** An administrator removes a binding from a user they may edit (no last-method rule). */
export async function unbindByAdmin(
  ctx: AppContext,
  userId: number,
  kind: BindingKind,
): Promise<void> {
  await ctx.db
    .updateTable('users')
    .set({ [columnOf[kind]]: null })
    .where('id', '=', userId)
    .execute();
}
