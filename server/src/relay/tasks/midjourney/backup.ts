import type { FastifyReply, FastifyRequest } from 'fastify';
import { effectiveGroupRatio } from '../../../billing/pricing.js';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../errors.js';
import type { KeyCaller } from '../../steps/authenticate-caller.js';
import {
  submitTask,
  type DrawingColumns,
  type Submitted,
  type TaskSubmission,
} from '../submit-task.js';
import { saturated } from './outcome.js';

/** The group whose channels take a key's overflow when its Midjourney backup pool is on. */
export const backupGroup = 'mj-backup';

/** Where an overflowing submit goes: the caller routed in the backup group, and its price. */
export interface BackupPlacement {
  who: KeyCaller;
  /**
   * Multiplier that brings the backup group's price back to the key's group price:
   * `submitTask` prices by the group it routes in, and the pool is billed as the key's group.
   */
  calls: number;
}

/**
 * The backup placement of a new drawing when the key's `mj_setting.backup_pool` is on (and the
 * key's group is not the backup group itself); null otherwise.
 */
export function backupPlacement(ctx: AppContext, who: KeyCaller): BackupPlacement | null {
  if (who.caller.token?.mj.backup_pool !== true || who.usingGroup === backupGroup) return null;
  const userGroup = who.caller.userGroup;
  const own = effectiveGroupRatio(ctx.settings, who.usingGroup, userGroup);
  const backup = effectiveGroupRatio(ctx.settings, backupGroup, userGroup);
  // A free backup group stays free: `submitTask` never charges a zero group ratio.
  const calls = backup > 0 ? own / backup : 1;
  return { who: { ...who, usingGroup: backupGroup }, calls };
}

/**
 * Runs a submit in the key's group and, when that could not place it (no channel, or every
 * channel refused with no instance, a full queue, 429 or 5xx — already refunded by then) and
 * a backup placement is given, once more in the backup group with a new public id.
 */
export async function submitWithBackup(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  who: KeyCaller,
  plan: (publicId: string, calls: number) => TaskSubmission<DrawingColumns>,
  backup: BackupPlacement | null,
  newId: () => string,
): Promise<{ submitted: Submitted; publicId: string }> {
  let publicId = newId();
  try {
    const submitted = await submitTask(ctx, req, reply, who, plan(publicId, 1));
    if (!backup || !saturated(submitted.outcome)) return { submitted, publicId };
  } catch (error) {
    if (!backup || !(error instanceof AppError) || error.id !== 'no_available_channel') {
      throw error;
    }
  }
  publicId = newId();
  const submitted = await submitTask(ctx, req, reply, backup.who, plan(publicId, backup.calls));
  return { submitted, publicId };
}
