import { z } from 'zod';
import { integerField } from './form-fields.js';
import { pageOf, pageQuery } from './common.js';

/** States of a redemption code: enabled (unused), disabled, used (once, for good). */
export const RedemptionStatus = { enabled: 1, disabled: 2, used: 3 } as const;

/** A redemption code as root sees it. */
export const redemptionItem = z.object({
  id: z.number().int(),
  /** The code itself: 32 lower-case hex characters. */
  key: z.string(),
  name: z.string(),
  /** 1 enabled (unused), 2 disabled, 3 used. */
  status: z.number().int(),
  /** Quota the code credits. */
  quota: z.number().int(),
  created_time: z.number().int(),
  /** When it was redeemed; 0 = not yet. */
  redeemed_time: z.number().int(),
  /** Unix seconds after which it no longer redeems; 0 = never. */
  expired_time: z.number().int(),
  /** Who created it. */
  user_id: z.number().int(),
  /** Who redeemed it; 0 = nobody yet. */
  used_user_id: z.number().int(),
});
export type RedemptionItem = z.output<typeof redemptionItem>;
export const redemptionPage = pageOf(redemptionItem);

const redemptionFields = {
  /** A batch label, 1 to 20 characters. */
  name: z.string().trim().min(1, 'redemption_name_invalid').max(20, 'redemption_name_invalid'),
  /** Quota each code credits. */
  quota: integerField(z.number().min(1, 'redemption_quota_invalid')),
  /** Unix seconds after which the code no longer redeems; 0 = never. */
  expired_time: integerField(z.number().min(0)),
};

/** `POST /api/redemption/`: a batch of `count` codes; answers the new codes. */
export const createRedemptionRequest = z.object({
  ...redemptionFields,
  count: integerField(
    z.number().min(1, 'redemption_count_invalid').max(100, 'redemption_count_invalid'),
  ),
  expired_time: redemptionFields.expired_time.default(0),
});
export type CreateRedemptionRequest = z.input<typeof createRedemptionRequest>;

/** `PUT /api/redemption/`: name, quota, expiry; with `?status_only=true` only `status`. */
export const updateRedemptionRequest = z.object({
  id: integerField(z.number().positive()),
  name: redemptionFields.name.optional(),
  quota: redemptionFields.quota.optional(),
  expired_time: redemptionFields.expired_time.optional(),
  /** 1 enables, 2 disables; a used code keeps its state. */
  status: integerField(z.number().min(1).max(2)).optional(),
});
export type UpdateRedemptionRequest = z.input<typeof updateRedemptionRequest>;

/** `GET /api/redemption/` and `/search`: by name prefix or exact id, and by state. */
export const redemptionListQuery = z
  .object({
    keyword: z.string().trim().max(64).default(''),
    /** 1 unused, 2 disabled, 3 used, 4 expired; missing = all. */
    status: z.coerce.number<number | string>().int().min(1).max(4).optional(),
  })
  .and(pageQuery);
export type RedemptionListParams = z.input<typeof redemptionListQuery>;

/** `POST /api/user/topup`: redeems a code for the signed-in user; answers the quota credited. */
export const redeemRequest = z.object({
  key: z.string().trim().max(64).default(''),
});
