import { staffRefusal, type StaffRefusal } from '@gateway/shared';
import type { AppContext } from '../context.js';
import { findUserFields } from '../db/queries/users.js';
import { AppError, forbidden } from '../errors.js';

/**
 * Staff actions on a user's money or standing follow one rule (`staffRefusal` in the shared
 * roles, which the console uses too): never on one's own account, and only on users strictly
 * below one's own role. Completing an order by hand or after asking its gateway, deciding on
 * an agent (approve, terms, disable, reject), reviewing a withdrawal or an invoice go through
 * the guards below; user administration (balance, role, status, group, level, deletion)
 * applies the same `outranks` in `policies/users.ts`.
 */

/** The staff member acting. */
export interface StaffActor {
  id: number;
  role: number;
}

/** The 403 each refusal answers. */
const refusalMessage = {
  self: 'staff_self_action',
  rank: 'cannot_manage_peer',
} as const satisfies Record<StaffRefusal, string>;

/** The error of a refused staff action, or null when `actor` may act on `target`. */
export function staffActionError(
  actor: StaffActor,
  target: { id: number; role: number },
): AppError | null {
  const refusal = staffRefusal(actor, target);
  return refusal ? forbidden(refusalMessage[refusal]) : null;
}

/** Throws the 403 of a refused staff action on `target`. */
export function assertStaffMayActOn(actor: StaffActor, target: { id: number; role: number }): void {
  const error = staffActionError(actor, target);
  if (error) throw error;
}

/** Throws the 403 of a refused staff action on the user `userId` (read for their role). */
export async function guardStaffAction(
  ctx: AppContext,
  actor: StaffActor,
  userId: number,
): Promise<void> {
  const target = await findUserFields(ctx.db, userId, ['role']);
  if (!target) throw new AppError('user_not_found');
  assertStaffMayActOn(actor, { id: userId, role: target.role });
}
