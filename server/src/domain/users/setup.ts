import { Role } from '@gateway/shared';
import { post } from '../../billing/ledger/index.js';
import type { AppContext } from '../../context.js';
import { insertSetupRecord, insertUser } from '../../db/queries/users.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { isSetupDone } from './setup-state.js';
import { hashPassword } from './password-hash.js';

/** Throws `setup_required` until the first-run wizard is done. */
export async function requireSetupDone(ctx: AppContext): Promise<void> {
  if (!(await ctx.status.isSetupDone())) throw new AppError('setup_required');
}

/** The root account to create. */
export interface RootAccount {
  username: string;
  password: string;
}

/**
 * The balance root starts with, through the ledger (`opening`): 100,000,000 quota ($200 at the
 * default 500,000 quota per dollar), as new-api gives its root, so that the first channel, key
 * and call work before any top-up. Nobody may credit their own account later, root included.
 */
export const rootStartingQuota = 100_000_000;

/**
 * Creates the root user (role 100) exactly once, with its starting balance: the `setups` row
 * shares its transaction, and its fixed primary key refuses a second, even from a racing
 * instance.
 */
export async function createRootAccount(ctx: AppContext, account: RootAccount): Promise<number> {
  if (await isSetupDone(ctx.db)) throw new AppError('setup_already_done');
  const passwordHash = await hashPassword(account.password);
  const now = nowSeconds();
  try {
    const id = await ctx.db.transaction().execute(async (trx) => {
      const rootId = await insertUser(trx, {
        username: account.username,
        password_hash: passwordHash,
        display_name: 'Root User',
        role: Role.root,
        created_at: now,
      });
      await insertSetupRecord(trx, rootId, now);
      await post(trx, {
        account: 'user',
        accountId: rootId,
        delta: rootStartingQuota,
        reason: 'opening',
        ref: 'setup',
      });
      return rootId;
    });
    return id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError((await isSetupDone(ctx.db)) ? 'setup_already_done' : 'username_taken');
  }
}

/**
 * Headless first run: with `INITIAL_ROOT_PASSWORD` set and no root yet, creates `root` with
 * that password. Safe to call from every instance at start; only one wins.
 */
export async function createInitialRoot(ctx: AppContext): Promise<void> {
  const password = ctx.env.initialRootPassword;
  if (!password || (await isSetupDone(ctx.db))) return;
  try {
    await createRootAccount(ctx, { username: 'root', password });
    ctx.log.info('created the root account from INITIAL_ROOT_PASSWORD');
  } catch (error) {
    if (!(error instanceof AppError && error.id === 'setup_already_done')) throw error;
  }
}
