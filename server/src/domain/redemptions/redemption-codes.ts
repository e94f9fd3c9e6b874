import {
  RedemptionStatus,
  type Page,
  type RedemptionItem,
  type createRedemptionRequest,
  type updateRedemptionRequest,
} from '@gateway/shared';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import {
  deleteInvalidRedemptions,
  deleteRedemption,
  findRedemption,
  insertRedemptions,
  listRedemptions,
  updateRedemption,
  type RedemptionFilter,
  type RedemptionRow,
} from '../../db/queries/redemptions.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';

/** A code as the API shows it. */
export function toRedemptionItem(row: RedemptionRow): RedemptionItem {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    status: row.status,
    quota: Number(row.quota),
    created_time: Number(row.created_time),
    redeemed_time: Number(row.redeemed_time),
    expired_time: Number(row.expired_time),
    user_id: row.user_id,
    used_user_id: row.used_user_id,
  };
}

/** A new code: a random UUID without dashes, 32 lower-case hex characters (122 random bits). */
const newKey = () => randomUUID().replaceAll('-', '');

function checkExpiry(expiredTime: number | undefined): void {
  if (expiredTime && expiredTime < nowSeconds()) throw new AppError('redemption_expiry_in_past');
}

/** Generates a batch of codes in one transaction (all or none); answers the new codes. */
export async function generateRedemptions(
  ctx: AppContext,
  creatorId: number,
  input: z.output<typeof createRedemptionRequest>,
): Promise<string[]> {
  checkExpiry(input.expired_time);
  const now = nowSeconds();
  const keys = Array.from({ length: input.count }, newKey);
  await ctx.db.transaction().execute((trx) =>
    insertRedemptions(
      trx,
      keys.map((key) => ({
        user_id: creatorId,
        key,
        name: input.name,
        quota: input.quota,
        created_time: now,
        expired_time: input.expired_time,
      })),
    ),
  );
  return keys;
}

/** Lists codes by name prefix or id and by state, newest first. */
export async function listRedemptionCodes(
  ctx: AppContext,
  filter: Omit<RedemptionFilter, 'now'>,
  page: number,
  pageSize: number,
): Promise<Page<RedemptionItem>> {
  const { rows, total } = await listRedemptions(
    ctx.db,
    { ...filter, now: nowSeconds() },
    page,
    pageSize,
  );
  return { page, page_size: pageSize, total, items: rows.map(toRedemptionItem) };
}

/** One code, or `redemption_not_found`. */
export async function getRedemption(ctx: AppContext, id: number): Promise<RedemptionItem> {
  const row = await findRedemption(ctx.db, id);
  if (!row) throw new AppError('redemption_not_found');
  return toRedemptionItem(row);
}

/**
 * Edits a code's name, quota and expiry, or (`statusOnly`) enables or disables it. A used code
 * keeps its state: it was credited once and stays so.
 */
export async function editRedemption(
  ctx: AppContext,
  input: z.output<typeof updateRedemptionRequest>,
  statusOnly: boolean,
): Promise<RedemptionItem> {
  const row = await findRedemption(ctx.db, input.id);
  if (!row) throw new AppError('redemption_not_found');
  if (statusOnly) {
    if (input.status === undefined) {
      throw new AppError('invalid_request', { detail: 'status is required' });
    }
    if (row.status === RedemptionStatus.used) throw new AppError('redemption_code_used');
    await updateRedemption(ctx.db, input.id, { status: input.status });
  } else {
    if (input.expired_time !== undefined && input.expired_time !== Number(row.expired_time)) {
      checkExpiry(input.expired_time);
    }
    await updateRedemption(ctx.db, input.id, {
      name: input.name,
      quota: input.quota,
      expired_time: input.expired_time,
    });
  }
  return getRedemption(ctx, input.id);
}

/** Deletes one code. */
export async function removeRedemption(ctx: AppContext, id: number): Promise<void> {
  if ((await deleteRedemption(ctx.db, id)) === 0) throw new AppError('redemption_not_found');
}

/** Deletes every used, disabled or expired code; answers how many. */
export function removeInvalidRedemptions(ctx: AppContext): Promise<number> {
  return deleteInvalidRedemptions(ctx.db, nowSeconds());
}
