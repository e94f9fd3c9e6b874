import { LogType } from '@gateway/shared';
import { post } from '../../billing/ledger/index.js';
import { newUserLevel } from '../../config/settings/groups/general.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import {
  quotaForInvitee,
  quotaForInviter,
  quotaForNewUser,
} from '../../config/settings/groups/quota.js';
import { countInvitee, findInviterId, getUserFields, insertUser } from '../../db/queries/users.js';
import { nowSeconds } from '../../lib/time.js';
import { insertAccountLog } from './account-log.js';

/** An ordinary account about to be created by sign-up (form or third party). */
export interface NewAccount {
  username: string;
  /** argon2id hash; empty for an account that signs in through a third party only. */
  passwordHash: string;
  displayName: string;
  /** A verified (or provider-given) address, or null. */
  email: string | null;
  /** Invitation code typed by the visitor or carried through the OAuth state. */
  affCode: string;
  /** Third-party ids the account starts bound to. */
  bindings?: { github_id?: string; linuxdo_id?: string; wechat_id?: string };
}

/**
 * Inserts an ordinary account with the new-user gift and the invitation rewards, each
 * credited through the ledger in the same transaction as its log row. Returns the id. A unique violation
 * (username or third-party id) is left for the caller to interpret.
 */
export async function createAccount(ctx: AppContext, account: NewAccount): Promise<number> {
  const { settings } = ctx;
  const affCode = account.affCode;
  const inviterId = affCode ? await findInviterId(ctx.db, affCode) : undefined;
  const gift = settings.get(quotaForNewUser);
  const inviteeGift = inviterId ? settings.get(quotaForInvitee) : 0;
  const inviterReward = inviterId ? settings.get(quotaForInviter) : 0;
  return ctx.db.transaction().execute(async (trx) => {
    const id = await insertUser(trx, {
      username: account.username,
      password_hash: account.passwordHash,
      display_name: account.displayName,
      email: account.email,
      inviter_code: affCode,
      inviter_id: inviterId ?? 0,
      level: ctx.levels.get(settings.get(newUserLevel)).name,
      created_at: nowSeconds(),
      ...account.bindings,
    });
    const log = { userId: id, username: account.username, type: LogType.topup };
    if (gift > 0) {
      await post(trx, { account: 'user', accountId: id, delta: gift, reason: 'signup_gift' });
      await insertAccountLog(trx, { ...log, content: 'New user gift', quota: gift });
    }
    if (inviteeGift > 0) {
      const ref = affCode;
      await post(trx, {
        account: 'user',
        accountId: id,
        delta: inviteeGift,
        reason: 'invitee_gift',
        ref,
      });
      const content = `Invitation gift (code ${affCode})`;
      await insertAccountLog(trx, { ...log, content, quota: inviteeGift });
    }
    if (inviterId) await rewardInviter(trx, inviterId, inviterReward, account.username);
    return id;
  });
}

/** Counts the invitee and credits the inviter's withdrawable invitation balance. */
async function rewardInviter(db: Db, inviterId: number, reward: number, invitee: string) {
  await countInvitee(db, inviterId, reward);
  if (reward <= 0) return;
  await post(db, {
    account: 'aff',
    accountId: inviterId,
    delta: reward,
    reason: 'inviter_reward',
    ref: invitee,
  });
  const inviter = await getUserFields(db, inviterId, ['username']);
  await insertAccountLog(db, {
    userId: inviterId,
    username: inviter.username,
    type: LogType.manage,
    content: `Invitation reward for inviting ${invitee}`,
    quota: reward,
    balance: 'aff_quota',
  });
}
