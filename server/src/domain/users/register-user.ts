import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import {
  emailVerificationEnabled,
  passwordRegisterEnabled,
  registerEnabled,
} from '../../config/settings/groups/auth.js';
import {
  quotaForInvitee,
  quotaForInviter,
  quotaForNewUser,
} from '../../config/settings/groups/quota.js';
import {
  findInviterId,
  insertUser,
  isEmailTaken,
  isUsernameTaken,
} from '../../db/queries/users.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../http/errors.js';
import { nowSeconds } from '../../lib/time.js';
import { checkEmailAllowed } from '../verification/email-rules.js';
import { consumeCode } from '../verification/verification-codes.js';
import { insertAccountLog, LogType } from './account-log.js';
import { hashPassword } from './password-hash.js';

/** A validated sign-up. */
export interface Registration {
  username: string;
  password: string;
  email?: string;
  verification_code?: string;
  /** Invitation code typed by the visitor. */
  aff_code?: string;
}

/**
 * Creates an ordinary account from the sign-up form, with the new-user gift and the
 * invitation rewards credited in the same transaction as their log rows. Returns the id.
 */
export async function registerUser(ctx: AppContext, input: Registration): Promise<number> {
  const { settings } = ctx;
  if (!settings.get(registerEnabled)) throw new AppError('register_disabled');
  if (!settings.get(passwordRegisterEnabled)) throw new AppError('password_register_disabled');
  // Like new-api, the address is only kept when it has been proven by a code.
  const verify = settings.get(emailVerificationEnabled);
  const email = verify ? (input.email ?? '').trim().toLowerCase() : '';
  if (verify) {
    if (!email) throw new AppError('email_required');
    if (!input.verification_code) throw new AppError('verification_code_required');
    checkEmailAllowed(ctx, email);
  }
  if (await isUsernameTaken(ctx.db, input.username)) throw new AppError('username_taken');
  if (email && (await isEmailTaken(ctx.db, email))) throw new AppError('email_taken');
  if (verify && !(await consumeCode(ctx, 'register', email, input.verification_code ?? ''))) {
    throw new AppError('verification_code_invalid');
  }

  const affCode = input.aff_code ?? '';
  const inviterId = affCode ? await findInviterId(ctx.db, affCode) : undefined;
  const gift = settings.get(quotaForNewUser);
  const inviteeGift = inviterId ? settings.get(quotaForInvitee) : 0;
  const inviterReward = inviterId ? settings.get(quotaForInviter) : 0;
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const id = await insertUser(trx, {
        username: input.username,
        password_hash: passwordHash,
        display_name: input.username,
        email: email || null,
        inviter_code: affCode,
        inviter_id: inviterId ?? 0,
        quota: gift + inviteeGift,
        created_at: nowSeconds(),
      });
      const log = { userId: id, username: input.username, type: LogType.topUp };
      if (gift > 0) {
        await insertAccountLog(trx, { ...log, content: 'New user gift', quota: gift });
      }
      if (inviteeGift > 0) {
        const content = `Invitation gift (code ${affCode})`;
        await insertAccountLog(trx, { ...log, content, quota: inviteeGift });
      }
      if (inviterId) await rewardInviter(trx, inviterId, inviterReward, input.username);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('username_taken');
    throw error;
  }
}

/** Counts the invitee and credits the inviter's withdrawable invitation balance. */
async function rewardInviter(db: Db, inviterId: number, reward: number, invitee: string) {
  await db
    .updateTable('users')
    .set((eb) => ({
      aff_count: eb('aff_count', '+', 1),
      aff_quota: eb('aff_quota', '+', reward),
      aff_history_quota: eb('aff_history_quota', '+', reward),
    }))
    .where('id', '=', inviterId)
    .execute();
  if (reward <= 0) return;
  const inviter = await db
    .selectFrom('users')
    .select('username')
    .where('id', '=', inviterId)
    .executeTakeFirstOrThrow();
  await insertAccountLog(db, {
    userId: inviterId,
    username: inviter.username,
    type: LogType.manage,
    content: `Invitation reward for inviting ${invitee}`,
    quota: reward,
    balance: 'aff_quota',
  });
}
