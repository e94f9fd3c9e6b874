import type { BindingKind } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { clearBinding, type BindingColumn } from '../../db/queries/user-bindings.js';
import { findUserFields } from '../../db/queries/users.js';
import { AppError } from '../../errors.js';

/** The column each binding lives in. */
const columnOf: Record<BindingKind, BindingColumn> = {
  email: 'email',
  github: 'github_id',
  linuxdo: 'linuxdo_id',
  wechat: 'wechat_id',
  wxpusher: 'wxpusher_uid',
};

/**
 * Removes one binding from the user's own account. A sign-in method (e-mail, GitHub,
 * linux.do, WeChat) goes only while another remains, checked in the same statement so two
 * simultaneous removals cannot both win (`last_login_method`); WxPusher always goes.
 * Removing what is not bound does nothing.
 */
export async function unbindOwn(ctx: AppContext, userId: number, kind: BindingKind): Promise<void> {
  const column = columnOf[kind];
  if (await clearBinding(ctx.db, userId, column, kind !== 'wxpusher')) return;
  const row = await findUserFields(ctx.db, userId, [column]);
  if (row?.[column]) throw new AppError('last_login_method');
}

/** An administrator removes a binding from a user they may edit (no last-method rule). */
export async function unbindByAdmin(
  ctx: AppContext,
  userId: number,
  kind: BindingKind,
): Promise<void> {
  await clearBinding(ctx.db, userId, columnOf[kind], false);
}
