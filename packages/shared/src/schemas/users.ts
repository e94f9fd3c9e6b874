import { z } from 'zod';

/** A balance or an amount of quota: a whole number within the safe-integer range. */
const quotaAmount = z
  .number()
  .max(Number.MAX_SAFE_INTEGER, { message: 'quota_too_large' })
  .int()
  .min(0);

/** Username rule: up to 12 characters. */
export const username = z.string().trim().min(1, 'username_required').max(12, 'username_too_long');
/** Password rule: 8 to 20 characters. */
export const password = z.string().min(8, 'password_too_short').max(20, 'password_too_long');

/** `POST /api/user/login`: `username` also matches the e-mail. */
export const loginRequest = z.object({
  username: z.string().trim().min(1).max(255),
  password: z.string().min(1).max(255),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** An e-mail address, or empty for none. */
export const optionalEmail = z
  .string()
  .trim()
  .max(255)
  .refine((v) => v === '' || z.email().safeParse(v).success, 'email_invalid')
  .optional();

/** `data` of a successful `POST /api/user/login`: what the console stores as its user. */
export const loginResult = z.object({
  id: z.number().int(),
  username: z.string(),
  display_name: z.string(),
  role: z.number().int(),
  status: z.number().int(),
  group: z.string(),
});
export type LoginResult = z.infer<typeof loginResult>;

/** `POST /api/user/register`. */
export const registerRequest = z
  .object({
    username,
    password,
    /** Confirmation; optional for API clients of the new-api contract. */
    password2: z.string().optional(),
    email: optionalEmail,
    verification_code: z.string().trim().max(32).optional(),
    /** Invitation code. */
    aff_code: z.string().trim().max(32).optional(),
  })
  .refine((v) => v.password2 === undefined || v.password2 === v.password, {
    message: 'passwords_do_not_match',
    path: ['password2'],
  });
export type RegisterRequest = z.infer<typeof registerRequest>;

/** What the console stores after sign-in and what `/api/user/self` returns. */
export const selfUser = z.object({
  id: z.number().int(),
  username: z.string(),
  display_name: z.string(),
  role: z.number().int(),
  status: z.number().int(),
  email: z.string(),
  github_id: z.string(),
  linuxdo_id: z.string(),
  wechat_id: z.string(),
  wxpusher_uid: z.string(),
  quota: z.number(),
  used_quota: z.number(),
  /** Accumulated recharge: quota from paid top-ups and redeemed codes. */
  topup_quota: z.number(),
  request_count: z.number(),
  group: z.string(),
  /** The user's level name. */
  level: z.string(),
  aff_code: z.string(),
  aff_count: z.number(),
  aff_quota: z.number(),
  aff_history_quota: z.number(),
  inviter_id: z.number(),
  language: z.string(),
  created_at: z.number(),
  last_login_at: z.number(),
});
export type SelfUser = z.infer<typeof selfUser>;

/** A row of the admin user list (adds the admin-only remark and the user's own terms). */
export const userListItem = selfUser.extend({
  remark: z.string(),
  concurrency_limit: z.number().int(),
  tpm_limit: z.number().int(),
  budget_period: z.string(),
  budget_quota: z.number(),
  /** Quota used in the current budget period. */
  budget_used: z.number(),
  extra_discount: z.number(),
  model_discounts: z.record(z.string(), z.number()),
});
export type UserListItem = z.infer<typeof userListItem>;

/** `PUT /api/user/self`. */
export const updateSelfRequest = z.object({
  display_name: z.string().trim().max(20).optional(),
  /** New password; empty or absent keeps the current one. */
  password: password.optional().or(z.literal('')),
  original_password: z.string().max(255).optional(),
  language: z.enum(['', 'en', 'zh', 'ru', 'ko', 'ja', 'es', 'de']).optional(),
});
export type UpdateSelfRequest = z.infer<typeof updateSelfRequest>;

/** `DELETE /api/user/self`: the account name must be typed to confirm. */
export const closeSelfRequest = z.object({ confirm_username: z.string().default('') });
export type CloseSelfRequest = z.infer<typeof closeSelfRequest>;

/** `POST /api/user/` (admin). */
export const createUserRequest = z.object({
  username,
  password,
  display_name: z.string().trim().max(20).optional(),
  role: z.number().int().optional(),
});
export type CreateUserRequest = z.infer<typeof createUserRequest>;

/** `PUT /api/user/` (admin). */
export const updateUserRequest = z.object({
  id: z.number().int().positive(),
  username: username.optional(),
  display_name: z.string().trim().max(20).optional(),
  password: password.optional().or(z.literal('')),
  group: z.string().trim().min(1, 'level_group_required').max(64).optional(),
  /** The user's level (a level name); set by hand, or moved up by the upgrade rules. */
  level: z.string().trim().min(1, 'level_group_required').max(64).optional(),
  /** Most requests in flight at once for this user; 0 = no own cap. */
  concurrency_limit: z.number().int().min(0).max(100_000).optional(),
  /** Prompt + completion tokens per minute over all keys; 0 = no cap. */
  tpm_limit: z.number().int().min(0).max(1_000_000_000).optional(),
  /** Budget period beside the balance; '' = none. */
  budget_period: z.enum(['', 'day', 'week', 'month']).optional(),
  /** Quota the budget allows per period. */
  budget_quota: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER, 'quota_too_large').optional(),
  /** A discount of this user on top of the level's (1 = none, 0.9 = 10 % off). */
  extra_discount: z.number().min(0, 'level_parse_failed').max(10, 'level_parse_failed').optional(),
  /** `{model: multiplier}`: this user's own discount per model, replacing the level's. */
  model_discounts: z
    .record(z.string().trim().min(1).max(128), z.number().min(0).max(10), {
      error: 'level_parse_failed',
    })
    .refine((v) => JSON.stringify(v).length <= 2000, 'level_parse_failed')
    .optional(),
  /**
   * New balance. Compare-and-set: it is applied only while the balance still equals
   * `original_quota` (the value the editor read); without `original_quota` it must equal the
   * current balance (a no-op), so a form saved with a stale balance never resets it.
   */
  quota: quotaAmount
    .optional()
    .describe('New balance, set only while the balance still equals original_quota'),
  /** The balance the editor saw when it read the user; required to change `quota`. */
  original_quota: quotaAmount
    .optional()
    .describe('The balance the editor read; a balance that moved since is refused'),
  remark: z.string().max(255).optional(),
  email: optionalEmail,
  /**
   * New role (1 user, 5 agent, 8 finance, 10 admin): this is how agents and finance staff are
   * assigned. Only below the caller's own role, so only root makes admins.
   */
  role: z.number().int().optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

/** `POST /api/user/manage`. */
export const manageUserRequest = z.object({
  id: z.number().int().positive(),
  action: z.enum(['disable', 'enable', 'delete', 'promote', 'demote', 'add_quota']),
  /** Quota amount for `add_quota`. */
  value: quotaAmount.optional(),
  /** How `add_quota` applies `value`. */
  mode: z.enum(['add', 'subtract', 'override']).optional(),
  /** For `override`: the balance the caller saw; the new value applies only while it holds. */
  original_quota: quotaAmount.optional(),
});
export type ManageUserRequest = z.infer<typeof manageUserRequest>;

/** `GET /api/user/search`: keyword (id, username, display name, e-mail), group, page. */
export const userSearchQuery = z
  .object({
    keyword: z.string().trim().max(64).default(''),
    group: z.string().trim().max(64).optional(),
    p: z.coerce.number<number | string>().int().min(0).default(1),
    page_size: z.coerce.number<number | string>().int().min(1).max(100).optional(),
  })
  .transform(({ keyword, group, p, page_size }) => ({
    keyword,
    group: group || undefined,
    page: Math.max(1, p),
    pageSize: page_size ?? 10,
  }));
export type UserSearchQuery = z.output<typeof userSearchQuery>;
