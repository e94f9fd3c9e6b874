import type { LoginResult, SelfUser, UserListItem } from '@gateway/shared';
import { budgetUsedNow } from '../../lib/budget-period.js';
import type { findUserView } from '../../db/queries/users.js';

/** A user row as read with `userViewColumns`. */
export type UserViewRow = NonNullable<Awaited<ReturnType<typeof findUserView>>>;

/** What `GET /api/user/self` shows its owner (no admin remark). */
export function toSelfUser(row: UserViewRow): SelfUser {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    role: row.role,
    status: row.status,
    email: row.email ?? '',
    github_id: row.github_id ?? '',
    linuxdo_id: row.linuxdo_id ?? '',
    wechat_id: row.wechat_id ?? '',
    wxpusher_uid: row.wxpusher_uid ?? '',
    quota: Number(row.quota),
    used_quota: Number(row.used_quota),
    topup_quota: Number(row.topup_quota),
    request_count: Number(row.request_count),
    group: row.group,
    level: row.level,
    aff_code: row.aff_code ?? '',
    aff_count: row.aff_count,
    aff_quota: Number(row.aff_quota),
    aff_history_quota: Number(row.aff_history_quota),
    inviter_id: row.inviter_id,
    language: row.language,
    created_at: Number(row.created_at),
    last_login_at: Number(row.last_login_at),
  };
}

/** What the admin user list and detail show (adds the remark). */
export function toUserListItem(row: UserViewRow, timeZone = 'UTC'): UserListItem {
  let discounts: Record<string, number> = {};
  try {
    discounts = JSON.parse(row.model_discounts) as Record<string, number>;
  } catch {
    // a damaged value reads as none
  }
  return {
    ...toSelfUser(row),
    remark: row.remark,
    concurrency_limit: row.concurrency_limit,
    tpm_limit: row.tpm_limit,
    budget_period: row.budget_period,
    budget_quota: Number(row.budget_quota),
    budget_used: budgetUsedNow(row, timeZone),
    extra_discount: Number(row.extra_discount),
    model_discounts: discounts,
  };
}

/** The user summary the console stores after sign-in. */
export function toLoginResult(row: LoginResult): LoginResult {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    role: row.role,
    status: row.status,
    group: row.group,
  };
}
