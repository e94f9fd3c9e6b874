import { z } from 'zod';

/** A `YYYY-MM-DD` day of the server's calendar. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** `GET /api/user/checkin?month=YYYY-MM`: one month of check-ins, and today's state. */
export const checkinMonthQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'checkin_month_invalid')
    .optional(),
});

export const checkinDay = z.object({ date: day, quota: z.number().int() });
export type CheckinDay = z.output<typeof checkinDay>;

export const checkinStatus = z.object({
  enabled: z.boolean(),
  /** Today on the server's calendar (check-ins count by it). */
  today: day,
  checked_in_today: z.boolean(),
  /** The month listed, `YYYY-MM`. */
  month: z.string(),
  /** Check-ins of that month, oldest first. */
  days: z.array(checkinDay),
  /** Check-ins of the last three days (today, yesterday, the day before), whatever the month. */
  recent: z.array(checkinDay),
  min_quota: z.number().int(),
  max_quota: z.number().int(),
  total_days: z.number().int(),
  total_quota: z.number().int(),
});
export type CheckinStatus = z.output<typeof checkinStatus>;

/** `POST /api/user/aff_transfer`: move invitation balance into the quota. */
export const affTransferRequest = z.object({
  quota: z
    .number({ error: 'aff_transfer_invalid' })
    .int('aff_transfer_invalid')
    .positive('aff_transfer_invalid')
    .max(Number.MAX_SAFE_INTEGER, 'aff_transfer_invalid'),
});
export type AffTransferRequest = z.input<typeof affTransferRequest>;

/** `GET /api/user/aff/info`: the invitation card of `/topup`. */
export const affInfo = z.object({
  enabled: z.boolean(),
  code: z.string(),
  /** How many users signed up with the code. */
  count: z.number().int(),
  /** Invitation balance that can be moved into the quota. */
  quota: z.number().int(),
  /** Everything ever earned by inviting. */
  history_quota: z.number().int(),
  /** The smallest transfer (one currency unit of quota). */
  min_transfer: z.number().int(),
  inviter_reward: z.number().int(),
  invitee_gift: z.number().int(),
});
export type AffInfo = z.output<typeof affInfo>;
