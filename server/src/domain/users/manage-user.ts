import { updateUserColumns } from '../../db/queries/users.js';
import { Role, UserStatus, type ManageUserRequest } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { AppError, forbidden } from '../../errors.js';
import { canAdjustQuota, canDemote, canPromote, canSetUserStatus } from '../../policies/users.js';
import { adjustQuota } from './adjust-quota.js';
import { deleteUserByAdmin, findManagedUser, type Actor } from './admin-users.js';

/**
 * `POST /api/user/manage`: disable, enable, delete, promote (to admin, root only), demote
 * (to ordinary user) or change the balance of a user below the actor's role. Role and
 * status changes reach every instance at once; disabling also ends the user's sessions.
 */
export async function manageUser(
  ctx: AppContext,
  actor: Actor,
  request: ManageUserRequest,
): Promise<void> {
  const { id, action } = request;
  if (action === 'delete') return deleteUserByAdmin(ctx, actor, id);
  if (action === 'add_quota') {
    if (request.value === undefined) {
      throw new AppError('invalid_request', { detail: 'value is required' });
    }
    const target = await findManagedUser(ctx, actor, id, { allowed: canAdjustQuota });
    return adjustQuota(ctx, {
      actor,
      userId: target.id,
      username: target.username,
      mode: request.mode ?? 'add',
      value: request.value,
      expected: request.mode === 'override' ? request.original_quota : undefined,
    });
  }
  if (action === 'promote' && actor.role !== Role.root) {
    throw forbidden('only_root_promotes_admin');
  }
  const target = await findManagedUser(ctx, actor, id, {
    allowed: action === 'promote' ? () => true : canSetUserStatus,
    protectRoot: action !== 'promote',
  });
  if (action === 'promote') {
    if (target.role >= Role.admin) throw new AppError('role_limit_reached');
    if (!canPromote(actor, target)) throw forbidden('cannot_manage_peer');
    await setRole(ctx, id, Role.admin);
  } else if (action === 'demote') {
    if (target.role <= Role.user) throw new AppError('role_limit_reached');
    if (!canDemote(actor, target)) throw forbidden('cannot_manage_peer');
    await setRole(ctx, id, Role.user);
  } else {
    const status = action === 'disable' ? UserStatus.banned : UserStatus.enabled;
    await updateUserColumns(ctx.db, id, { status });
    if (status === UserStatus.banned) await ctx.sessions.revokeAll(id);
    await ctx.users.invalidate(id);
  }
}

async function setRole(ctx: AppContext, id: number, role: number): Promise<void> {
  await updateUserColumns(ctx.db, id, { role });
  await ctx.users.invalidate(id);
}
