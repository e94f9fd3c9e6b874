import { LogType, Role, type CreateUserRequest, type UpdateUserRequest } from '@gateway/shared';
import { post } from '../../billing/ledger/index.js';
import type { AppContext } from '../../context.js';
import {
  findUserView,
  insertUser,
  isEmailTaken,
  isUsernameTaken,
  updateUserColumns,
  type UserColumnChanges,
} from '../../db/queries/users.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, forbidden } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import {
  canAssignRole,
  canCreateUser,
  canDeleteUser,
  canGetUser,
  canUpdateUser,
  type RoleHolder,
} from '../../policies/users.js';
import { quotaForNewUser } from '../../config/settings/groups/quota.js';
import { insertAccountLog } from './account-log.js';
import { adjustQuota } from './adjust-quota.js';
import { closeAccount } from './close-account.js';
import { hashPassword } from './password-hash.js';
import type { UserViewRow } from './user-views.js';

/** The administrator acting. */
export interface Actor extends RoleHolder {
  id: number;
  username: string;
}

const assignable = new Set<number>([Role.user, Role.agent, Role.finance, Role.admin]);

/** Why a role cannot be given: unknown, admin (root's privilege) or at/above the caller. */
function roleRefusal(role: number): AppError {
  if (!assignable.has(role)) return new AppError('role_invalid');
  return forbidden(role === Role.admin ? 'only_root_promotes_admin' : 'cannot_create_peer');
}

/** How `findManagedUser` judges the target. */
export interface ManageCheck {
  /** The policy the actor must pass for this target. */
  allowed?: (actor: RoleHolder, target: RoleHolder) => boolean;
  /** Answer `root_protected` when the target is root (disable, delete, demote). */
  protectRoot?: boolean;
}

/** A live user the actor may manage, or the reason they may not. */
export async function findManagedUser(
  ctx: AppContext,
  actor: Actor,
  id: number,
  { allowed = canGetUser, protectRoot = false }: ManageCheck = {},
): Promise<UserViewRow> {
  const target = await findUserView(ctx.db, id);
  if (!target) throw new AppError('user_not_found');
  if (protectRoot && target.role === Role.root) throw forbidden('root_protected');
  if (!allowed(actor, target)) {
    throw forbidden(target.id === actor.id ? 'staff_self_action' : 'cannot_manage_peer');
  }
  return target;
}

/** Creates an account below the actor's own role, with the new-user gift; returns its id. */
export async function createUserByAdmin(
  ctx: AppContext,
  actor: Actor,
  input: CreateUserRequest,
): Promise<number> {
  const role = input.role ?? Role.user;
  if (!canCreateUser(actor, role)) throw roleRefusal(role);
  if (await isUsernameTaken(ctx.db, input.username)) throw new AppError('username_taken');
  const passwordHash = await hashPassword(input.password);
  const gift = ctx.settings.get(quotaForNewUser);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const id = await insertUser(trx, {
        username: input.username,
        password_hash: passwordHash,
        display_name: input.display_name || input.username,
        role,
        created_at: nowSeconds(),
      });
      if (gift > 0) {
        const operatorId = actor.id;
        await post(trx, {
          account: 'user',
          accountId: id,
          delta: gift,
          reason: 'signup_gift',
          operatorId,
        });
        const entry = { userId: id, username: input.username, type: LogType.topup };
        await insertAccountLog(trx, { ...entry, content: 'New user gift', quota: gift });
      }
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('username_taken');
    throw error;
  }
}

/**
 * Edits a user below the actor's role. A new password or role ends or refreshes the
 * user's sessions at once; a quota change is a guarded override with its log row.
 */
export async function updateUserByAdmin(
  ctx: AppContext,
  actor: Actor,
  input: UpdateUserRequest,
): Promise<void> {
  const target = await findManagedUser(ctx, actor, input.id, { allowed: canUpdateUser });
  const changes: UserColumnChanges = {};
  if (input.username !== undefined && input.username !== target.username) {
    if (await isUsernameTaken(ctx.db, input.username, target.id)) {
      throw new AppError('username_taken');
    }
    changes.username = input.username;
  }
  if (input.email !== undefined && input.email !== (target.email ?? '')) {
    const email = input.email.toLowerCase();
    if (email && (await isEmailTaken(ctx.db, email, target.id))) throw new AppError('email_taken');
    changes.email = email || null;
  }
  if (input.role !== undefined && input.role !== target.role) {
    if (!canAssignRole(actor, target, input.role)) throw roleRefusal(input.role);
    changes.role = input.role;
  }
  await applyBalanceEdit(ctx, actor, target, input);
  if (input.display_name !== undefined) changes.display_name = input.display_name;
  if (input.group !== undefined) changes.group = input.group;
  if (input.concurrency_limit !== undefined) changes.concurrency_limit = input.concurrency_limit;
  if (input.tpm_limit !== undefined) changes.tpm_limit = input.tpm_limit;
  if (input.budget_period !== undefined) changes.budget_period = input.budget_period;
  if (input.budget_quota !== undefined) changes.budget_quota = input.budget_quota;
  if (input.extra_discount !== undefined) changes.extra_discount = input.extra_discount;
  if (input.model_discounts !== undefined) {
    changes.model_discounts = JSON.stringify(input.model_discounts);
  }
  if (input.level !== undefined && input.level !== target.level) {
    if (!ctx.levels.has(input.level)) throw new AppError('level_not_found');
    changes.level = input.level;
  }
  if (input.remark !== undefined) changes.remark = input.remark;
  if (input.password) changes.password_hash = await hashPassword(input.password);
  if (Object.keys(changes).length > 0) {
    try {
      await updateUserColumns(ctx.db, target.id, changes);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('username_taken');
      throw error;
    }
    if (changes.password_hash) await ctx.sessions.revokeAll(target.id);
    await ctx.users.invalidate(target.id);
  }
}

/**
 * The balance part of an edit, compare-and-set: `quota` is applied only while the balance is
 * still `original_quota`, the value the editor read. Without `original_quota` the edit may
 * only repeat the current balance, so a stale form cannot reset it (`quota_changed` says what
 * it is now). Runs before the other fields are written, so a refused balance saves nothing.
 */
async function applyBalanceEdit(
  ctx: AppContext,
  actor: Actor,
  target: { id: number; username: string; quota: number | bigint | string },
  input: UpdateUserRequest,
): Promise<void> {
  if (input.quota === undefined) return;
  const current = Number(target.quota);
  if (input.original_quota === undefined) {
    if (input.quota !== current) throw new AppError('quota_changed', { current });
    return;
  }
  await adjustQuota(ctx, {
    actor,
    userId: target.id,
    username: input.username ?? target.username,
    mode: 'override',
    value: input.quota,
    expected: input.original_quota,
  });
}

/** Deletes a user below the actor's role: closing the account out, irreversibly. */
export async function deleteUserByAdmin(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const target = await findManagedUser(ctx, actor, id, {
    allowed: canDeleteUser,
    protectRoot: true,
  });
  await closeAccount(ctx, target.id);
}
